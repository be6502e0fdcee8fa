import { replyKinds, replyLinkLabels, type ReplyKind } from '@homeminder/shared/reply-words';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { formatPhone } from '@homeminder/shared/format';
import {
  emailFrame,
  escapeHtml,
  inkOf,
  textColourOn,
  type EmailBrand,
  type EmailContent,
} from '../../lib/mail/layout';
import type { ReminderStage } from './reminder-steps';

export interface ReminderEmailData {
  /** Ahead of the due date, on it, or the nudge a week after it (docs/decisions/102). */
  stage?: ReminderStage;
  brand: EmailBrand;
  clientFirstName: string;
  clientLastName: string;
  property: { addressLine: string; city: string; state: string; zip: string };
  task: string;
  taskDescription: string;
  /** What the task needs of this home, from its systems ("Filter 16x25x1"); often none. */
  taskDetails: readonly string[];
  frequencyName: string;
  /** The due date in words, in the corporation's time zone ('next Saturday, December 12' ahead of it). */
  dueDateText: string;
  realtor: { name: string; email: string; phone: string | null; photoUrl: string | null } | null;
  unsubscribeUrl: string;
  /** The pages of the three replies, each with its own signed token (docs/decisions/061). */
  replyUrls: Record<ReplyKind, string>;
  /** The List-Unsubscribe headers that mail programs turn into their own unsubscribe button. */
  headers: Record<string, string>;
}

export function propertyAddress(property: ReminderEmailData['property']): string {
  return `${property.addressLine}, ${property.city}, ${property.state} ${property.zip}`;
}

/**
 * A maintenance reminder, in HTML and in text: branded with the corporation's site name, logo and
 * colour and the realtor's name and photo; every value escaped; the three reply links (done,
 * remind me later, help) and an unsubscribe link in both parts, and the unsubscribe in the headers.
 */
const stageWords: Record<ReminderStage, { subject: string; opening: string }> = {
  ahead: { subject: 'Coming up', opening: 'A little maintenance is coming up at' },
  due: { subject: 'Reminder', opening: 'It is time for a little maintenance at' },
  nudge: { subject: 'Still to do', opening: 'We have not heard back about this task at' },
};

export type EmailRealtor = ReminderEmailData['realtor'];

/** The realtor's card under a reminder: photo, name, email and phone. */
export function realtorHtml(realtor: EmailRealtor, brand: EmailBrand): string {
  const e = escapeHtml;
  return realtor
    ? `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="margin-top:18px;border-top:1px solid #e9ecef;width:100%"><tr>
${realtor.photoUrl ? `<td style="padding:14px 14px 0 0;width:56px;vertical-align:top"><img src="${e(realtor.photoUrl)}" alt="${e(realtor.name)}" width="56" height="56" style="display:block;border:0"></td>` : ''}
<td style="padding-top:14px;font-size:14px;line-height:1.5"><strong>${e(realtor.name)}</strong><br>Your realtor at ${e(brand.name)}<br>
<a href="mailto:${e(realtor.email)}" style="color:${e(inkOf(brand))}">${e(realtor.email)}</a>${realtor.phone ? `<br>${e(formatPhone(realtor.phone))}` : ''}</td>
</tr></table>`
    : '';
}

export function realtorText(realtor: EmailRealtor, brand: EmailBrand): string[] {
  return realtor
    ? [
        `Your realtor at ${brand.name}: ${realtor.name}, ${realtor.email}${realtor.phone ? `, ${formatPhone(realtor.phone)}` : ''}`,
      ]
    : [];
}

/** The three reply links as buttons: the first in the brand's colour, the others quieter ("done" is the usual one). */
export function replyButtonsHtml(replyUrls: Record<ReplyKind, string>, brand: EmailBrand): string {
  const e = escapeHtml;
  const replyButton = (kind: ReplyKind, primary: boolean) =>
    `<a href="${e(replyUrls[kind])}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 16px;text-decoration:none;font-weight:bold;${
      primary
        ? `background:${e(brand.colour)};color:${textColourOn(brand.colour)}`
        : `border:1px solid ${e(inkOf(brand))};color:${e(inkOf(brand))}`
    }">${e(replyLinkLabels[kind])}</a>`;
  return replyKinds.map((kind, index) => replyButton(kind, index === 0)).join('');
}

export function replyLinksText(replyUrls: Record<ReplyKind, string>): string[] {
  return replyKinds.map((kind) => `${replyLinkLabels[kind]}: ${replyUrls[kind]}`);
}

export function reminderEmail(data: ReminderEmailData): EmailContent {
  const address = propertyAddress(data.property);
  const words = stageWords[data.stage ?? 'due'];
  const subject = `${words.subject}: ${data.task} at ${data.property.addressLine}`;
  const e = escapeHtml;
  const { brand, realtor } = data;
  const realtorBlock = realtorHtml(realtor, brand);
  const replies = `<p style="margin:18px 0 0;font-size:14px">Let us know how it went:</p>
<p style="margin:8px 0 0">${replyButtonsHtml(data.replyUrls, brand)}</p>`;
  const body = `<p style="margin:0 0 14px">Hello ${e(data.clientFirstName)},</p>
<p style="margin:0 0 14px">${e(words.opening)} <strong>${e(address)}</strong>:</p>
<p style="margin:0 0 6px;font-size:18px;font-weight:bold">${e(data.task)}</p>
<p style="margin:0 0 14px">${e(data.taskDescription)}</p>
${data.taskDetails.length > 0 ? `<p style="margin:0 0 14px"><strong>For your home:</strong> ${e(data.taskDetails.join(' · '))}</p>\n` : ''}<p style="margin:0;font-size:14px;color:#495057">Due ${e(data.dueDateText)} · ${e(data.frequencyName)}</p>
${replies}
${realtorBlock}`;
  const footer = `You receive this reminder for ${e(data.clientFirstName)} ${e(data.clientLastName)} from ${e(brand.name)} through ${PRODUCT_NAME}.
<a href="${e(data.unsubscribeUrl)}" style="color:${e(inkOf(brand))}">Unsubscribe from these reminders</a>.`;
  const text = [
    `Hello ${data.clientFirstName},`,
    `${words.opening} ${address}:`,
    [
      data.task,
      data.taskDescription,
      ...(data.taskDetails.length > 0 ? [`For your home: ${data.taskDetails.join(', ')}`] : []),
    ].join('\n'),
    `Due ${data.dueDateText} (${data.frequencyName})`,
    ['Let us know how it went:', ...replyLinksText(data.replyUrls)].join('\n'),
    ...realtorText(realtor, brand),
    '--',
    `You receive this reminder for ${data.clientFirstName} ${data.clientLastName} from ${brand.name} through ${PRODUCT_NAME}.`,
    `Unsubscribe: ${data.unsubscribeUrl}`,
  ].join('\n\n');
  return { subject, html: emailFrame({ brand, subject, body, footer }), text, headers: data.headers };
}
