import { warrantyDaysLeft, warrantyNoticeText } from '@homeminder/shared/contracts/home-system-words';
import { formatDueDateInWords } from '@homeminder/shared/due-date';
import { systemNameOf, wearOutOf } from '@homeminder/shared/lifespans';
import { renderEmail, type EmailBrand, type EmailContent } from '../../lib/mail/layout';
import type { DueHomeNotice } from './home-notices.repository';

/** The kind of an outbox message that tells a homeowner of a system's wear or warranty. */
export const HOME_NOTICE_KIND = 'home-notice';

/** A calendar day written as date-only text, in words: "Friday, January 29, 2027". */
const dayInWords = (day: string) => formatDueDateInWords(`${day}T12:00:00Z`, 'UTC');

/**
 * The email of one notice (docs/decisions/093), in the words the home's card shows: what is
 * known, what to do, and the way to My home. Null when, on `today` (the homeowner's local day at
 * UTC midnight), there is nothing to say after all.
 */
export function homeNoticeEmail(data: {
  brand: EmailBrand;
  notice: Pick<DueHomeNotice, 'kind' | 'system' | 'firstName'>;
  today: Date;
  myHomeUrl: string;
  unsubscribeUrl: string;
}): EmailContent | null {
  const { notice, brand } = data;
  const name = systemNameOf(notice.system);
  let subject: string;
  let said: string[];
  if (notice.kind === 'wearOut') {
    const wear = wearOutOf(notice.system, data.today, 'Your');
    if (!wear) return null;
    subject = `Your ${name} may need replacing soon`;
    said = [
      wear.text,
      'When it is replaced, change it on My home, so your reminders follow what your home has.',
    ];
  } else {
    const days = warrantyDaysLeft(notice.system, data.today);
    if (days === null) return null;
    subject =
      days === 0 ? `The warranty of your ${name} ends today` : `The warranty of your ${name} ends soon`;
    said = [warrantyNoticeText(days, dayInWords(notice.system.warrantyEndsOn!), `Your ${name}’s`)];
  }
  return renderEmail({
    brand,
    subject,
    paragraphs: [
      `Hello ${notice.firstName},`,
      ...said,
      {
        text: `${brand.name} sends this because your home's record lists your ${name}.`,
        link: { label: 'Stop all emails from us', url: data.unsubscribeUrl },
      },
    ],
    action: { label: 'Open My home', url: data.myHomeUrl },
  });
}
