/**
 * Every kind of email the outbox sends, checked with doiuse-email (the support tables of Can I
 * email) against Gmail, Outlook and Apple Mail, in every app of each: nothing they do not render.
 */
import { doIUseEmail } from 'doiuse-email';
import { describe, expect, it } from 'vitest';
import { replyKinds, type ReplyKind } from '@homeminder/shared/reply-words';
import { clientInvitationEmail, passwordResetEmail, welcomeEmail } from '../account';
import { helpRequestEmail } from '../replies';
import { ATTENTION_DIGEST_KIND, attentionDigestEmail } from '../digest';
import { breakableText, type EmailBrand, type EmailContent } from '../../lib/mail/layout';
import { HELP_REQUEST_KIND, REMINDER_KIND } from '../../db/email-outbox';
import { reminderEmail } from './reminder-email';

const emailClients = ['gmail.*', 'outlook.*', 'apple-mail.*'];

const portal = 'https://homes.example.com/ui/';
// Links as long as the signed ones the server writes, which no line of a phone holds.
const token = 'x'.repeat(48) + '.' + 'Yz0-_'.repeat(30);
const link = (page: string) => `${portal}${page}?token=${token}`;

const brands: EmailBrand[] = [
  {
    name: 'Acme Realty Home Care',
    logoUrl: `${portal}api/mail/image/branding/a/a?sig=${token}`,
    colour: '#1864ab',
  },
  // A light colour: dark text on its buttons, and no logo.
  { name: 'Birch Homes', logoUrl: null, colour: '#ffe066' },
];

const reminder = (brand: EmailBrand, withRealtor: boolean, withPhoto: boolean) =>
  reminderEmail({
    brand,
    clientFirstName: 'Ava',
    clientLastName: 'Brown',
    property: { addressLine: '12 Elm Street', city: 'Springfield', state: 'MA', zip: '01101' },
    task: 'Replace HVAC filter',
    taskDescription: 'Swap the furnace filter for a new one of the same size.',
    taskDetails: ['Filter 16x25x1'],
    frequencyName: 'Quarterly',
    dueDateText: 'Monday, March 2, 2026',
    realtor: withRealtor
      ? {
          name: 'Rita Realtor',
          email: 'realtor@acme.test',
          phone: '6175550123',
          photoUrl: withPhoto ? `${portal}api/mail/image/profile/a/b?sig=${token}` : null,
        }
      : null,
    unsubscribeUrl: link('unsubscribe'),
    replyUrls: Object.fromEntries(replyKinds.map((kind) => [kind, link(`answer/${kind}`)])) as Record<
      ReplyKind,
      string
    >,
    headers: {},
  });

/** Each kind of email the outbox holds, by its kind, in the variants its data allows. */
const emails: [kind: string, EmailContent][] = brands.flatMap((brand): [string, EmailContent][] => [
  [REMINDER_KIND, reminder(brand, true, true)],
  [REMINDER_KIND, reminder(brand, true, false)],
  [REMINDER_KIND, reminder(brand, false, false)],
  [
    'password-reset',
    passwordResetEmail({ firstName: 'Ava', brand, resetUrl: link('reset'), validMinutes: 60 }),
  ],
  ['welcome', welcomeEmail({ firstName: 'Ava', brand, setPasswordUrl: link('reset'), validHours: 72 })],
  [
    'client-invitation',
    clientInvitationEmail({
      firstName: 'Ava',
      brand,
      inviterName: 'Rita Realtor',
      registerUrl: link('register'),
      validDays: 14,
    }),
  ],
  [
    ATTENTION_DIGEST_KIND,
    attentionDigestEmail({
      brand,
      firstName: 'Rita',
      timeZone: 'America/New_York',
      homeUrl: portal,
      clientUrl: (id) => `${portal}clients?open=${id}`,
      items: [
        {
          clientId: '5e1f0000-0000-4000-8000-00000000c11e',
          clientName: 'Ava Brown',
          reason: 'Asked for help with Replace HVAC filter.',
          since: new Date('2026-03-02T14:00:00Z'),
          email: 'ava.brown@example.com',
          phone: '6175550123',
        },
        {
          clientId: '5e1f0000-0000-4000-8000-00000000c12e',
          clientName: 'Omar Li',
          reason: 'Opened no reminder',
          since: new Date(),
          email: null,
          phone: null,
        },
      ],
    }),
  ],
  ...[true, false].map((toRealtor): [string, EmailContent] => [
    HELP_REQUEST_KIND,
    helpRequestEmail({
      brand,
      toRealtor,
      client: { firstName: 'Ava', lastName: 'Brown', email: 'ava.brown@example.com', phone: null },
      propertyAddress: '12 Elm Street, Springfield, MA 01101',
      task: 'Replace HVAC filter',
      dueDateText: 'Monday, March 2, 2026',
      note: toRealtor ? 'The filter slot is stuck <b>shut</b>.' : null,
      clientUrl: `${portal}clients?open=5e1f0000-0000-4000-8000-00000000c11e`,
    }),
  ]),
]);

describe('emails in Gmail, Outlook and Apple Mail', () => {
  it('covers every kind of email the outbox sends', () => {
    expect(new Set(emails.map(([kind]) => kind))).toEqual(
      new Set([
        REMINDER_KIND,
        'password-reset',
        'welcome',
        'client-invitation',
        ATTENTION_DIGEST_KIND,
        HELP_REQUEST_KIND,
      ]),
    );
  });

  it.each(emails.map(([kind, email], index) => [`${kind} #${index}`, email] as const))(
    '%s uses nothing those mail programs do not render',
    (_name, email) => {
      const result = doIUseEmail(email.html, { emailClients });
      expect(result.success ? [] : result.errors).toEqual([]);
    },
  );

  it('cuts an address to paste into pieces a phone line holds, which join up again when copied', () => {
    const url = link('reset');
    const html = breakableText(url);
    const pieces = [...html.matchAll(/<span style="display:inline-block">([^<]*)<\/span>/g)].map(
      (match) => match[1]!,
    );
    expect(pieces.length).toBeGreaterThan(5);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(16);
    expect(pieces.join('')).toBe(url);
    expect(html.replace(/<[^>]+>/g, '')).toBe(url);
    expect(breakableText('a&b<c>')).toContain('a&#38;b&#60;c&#62;');
  });
});
