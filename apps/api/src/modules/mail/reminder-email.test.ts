import { describe, expect, it } from 'vitest';
import {
  mintUnsubscribeToken,
  readUnsubscribeToken,
  signer,
  unsubscribeTokenLifetimeMs,
} from '../../lib/signing';
import { reminderEmail, type ReminderEmailData } from './reminder-email';

const data: ReminderEmailData = {
  corporationName: 'Acme <Realty> & Sons',
  brandingImageUrl: 'https://portal.example/ui/api/mail/image/branding/t/t?sig=abc',
  clientFirstName: '<script>alert(1)</script>',
  clientLastName: "O'Brien",
  property: { addressLine: '12 "Elm" Street', city: 'Springfield', state: 'IL', zip: '62704' },
  task: 'Replace HVAC filter',
  taskDescription: 'Swap the filter.',
  frequencyName: 'Quarterly',
  dueDateText: '03/15/2026',
  realtor: { name: 'Rita Realtor', email: 'rita@acme.test', phone: '5550101000', photoUrl: null },
  unsubscribeUrl: 'https://portal.example/ui/unsubscribe?token=abc&x=1',
};

describe('the reminder email', () => {
  it('escapes every value in the HTML and keeps the text as typed', () => {
    const email = reminderEmail(data);
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&#60;script&#62;');
    expect(email.html).toContain('Acme &#60;Realty&#62; &#38; Sons');
    expect(email.html).toContain('href="https://portal.example/ui/unsubscribe?token=abc&#38;x=1"');
    expect(email.text).toContain('Hello <script>alert(1)</script>,');
    expect(email.text).toContain('Unsubscribe: https://portal.example/ui/unsubscribe?token=abc&x=1');
    expect(email.subject).toBe('Reminder: Replace HVAC filter at 12 "Elm" Street');
  });

  it('shows the branding image and the realtor, and leaves out what is missing', () => {
    const email = reminderEmail(data);
    expect(email.html).toContain(`<img src="${data.brandingImageUrl}"`);
    expect(email.html).toContain('Rita Realtor');
    expect(email.text).toContain(
      'Your realtor at Acme <Realty> & Sons: Rita Realtor, rita@acme.test, (555) 010-1000',
    );
    expect(email.html).toContain('rita@acme.test</a> · (555) 010-1000');
    const bare = reminderEmail({ ...data, brandingImageUrl: null, realtor: null });
    expect(bare.html).not.toContain('<img');
    expect(bare.text).not.toContain('Your realtor');
  });
});

describe('unsubscribe tokens', () => {
  const secret = Buffer.alloc(32, 7);
  const signing = signer(async () => secret);
  const claim = {
    tenantId: '0a0a0a0a-0000-4000-8000-000000000ac3',
    clientUserId: '11111111-2222-4333-8444-555555555555',
    expiresAt: new Date(Date.UTC(2027, 0, 1)),
  };

  it('reads back what was signed, until it expires', async () => {
    const token = await mintUnsubscribeToken(signing, claim);
    expect(token).toMatch(/^[\w-]{91}$/);
    expect(await readUnsubscribeToken(signing, token, new Date(Date.UTC(2026, 5, 1)))).toEqual(claim);
    expect(await readUnsubscribeToken(signing, token, claim.expiresAt)).toBeNull();
    expect(unsubscribeTokenLifetimeMs).toBe(365 * 86_400_000);
  });

  it('refuses a changed token, another key, and anything else', async () => {
    const token = await mintUnsubscribeToken(signing, claim);
    const at = new Date(Date.UTC(2026, 5, 1));
    const flipped = `${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`;
    expect(await readUnsubscribeToken(signing, flipped, at)).toBeNull();
    expect(
      await readUnsubscribeToken(
        signer(async () => Buffer.alloc(32, 8)),
        token,
        at,
      ),
    ).toBeNull();
    for (const bad of ['', 'abc', `${token}A`, token.replace(/./, '+')]) {
      expect(await readUnsubscribeToken(signing, bad, at)).toBeNull();
    }
  });
});
