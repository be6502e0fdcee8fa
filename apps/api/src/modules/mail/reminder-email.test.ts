import { describe, expect, it } from 'vitest';
import {
  mintUnsubscribeToken,
  readUnsubscribeToken,
  signer,
  unsubscribeTokenLifetimeMs,
} from '../../lib/signing';
import { defaultBrandColour, textColourOn } from '../../lib/mail/layout';
import { mailboxOf, mailLinks } from '../../lib/mail/links';
import { reminderEmail, type ReminderEmailData } from './reminder-email';

const data: ReminderEmailData = {
  brand: {
    name: 'Acme <Realty> & Sons',
    logoUrl: 'https://portal.example/ui/api/mail/image/branding/t/t?sig=abc',
    colour: '#5f3dc4',
  },
  clientFirstName: '<script>alert(1)</script>',
  clientLastName: "O'Brien",
  property: { addressLine: '12 "Elm" Street', city: 'Springfield', state: 'IL', zip: '62704' },
  task: 'Replace HVAC filter',
  taskDescription: 'Swap the filter.',
  taskDetails: [],
  frequencyName: 'Quarterly',
  dueDateText: '03/15/2026',
  realtor: { name: 'Rita Realtor', email: 'rita@acme.test', phone: '5550101000', photoUrl: null },
  unsubscribeUrl: 'https://portal.example/ui/unsubscribe?token=abc&x=1',
  replyUrls: {
    done: 'https://portal.example/ui/answer/done?token=d0n3&x="1"',
    later: 'https://portal.example/ui/answer/later?token=l4t3r',
    help: 'https://portal.example/ui/answer/help?token=h3lp',
  },
  headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
};

describe('the reminder email', () => {
  it('names what the task needs of the home, where its systems say, in both parts', () => {
    const email = reminderEmail({ ...data, taskDetails: ['Filter 16x25x1', 'Filter <20x20x1>'] });
    expect(email.html).toContain('<strong>For your home:</strong> Filter 16x25x1 · Filter &#60;20x20x1&#62;');
    expect(email.text).toContain(
      'Replace HVAC filter\nSwap the filter.\nFor your home: Filter 16x25x1, Filter <20x20x1>',
    );
    const plain = reminderEmail(data);
    expect(plain.html).not.toContain('For your home');
    expect(plain.text).not.toContain('For your home');
  });

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

  it('carries the three reply links in both parts, escaped in the HTML', () => {
    const email = reminderEmail(data);
    expect(email.html).toContain('href="https://portal.example/ui/answer/done?token=d0n3&#38;x=&#34;1&#34;"');
    expect(email.html).toContain('href="https://portal.example/ui/answer/later?token=l4t3r"');
    expect(email.html).toContain('href="https://portal.example/ui/answer/help?token=h3lp"');
    for (const label of ['>Done</a>', '>Remind me later</a>', '>I&#39;d like help with this</a>']) {
      expect(email.html).toContain(label);
    }
    expect(email.text).toContain(
      [
        'Let us know how it went:',
        'Done: https://portal.example/ui/answer/done?token=d0n3&x="1"',
        'Remind me later: https://portal.example/ui/answer/later?token=l4t3r',
        "I'd like help with this: https://portal.example/ui/answer/help?token=h3lp",
      ].join('\n'),
    );
  });

  it('shows the branding image and the realtor, and leaves out what is missing', () => {
    const email = reminderEmail(data);
    expect(email.html).toContain(`<img src="${data.brand.logoUrl}"`);
    expect(email.html).toContain('Rita Realtor');
    expect(email.text).toContain(
      'Your realtor at Acme <Realty> & Sons: Rita Realtor, rita@acme.test, (555) 010-1000',
    );
    expect(email.html).toContain('rita@acme.test</a><br>(555) 010-1000');
    const bare = reminderEmail({ ...data, brand: { ...data.brand, logoUrl: null }, realtor: null });
    expect(bare.html).not.toContain('<img');
    expect(bare.text).not.toContain('Your realtor');
  });

  it("wears the brand's colour, keeps its headers and has no fixed width wider than a phone", () => {
    const email = reminderEmail(data);
    expect(email.html).toContain('color:#5f3dc4');
    expect(email.headers).toEqual(data.headers);
    // Every width is a percentage, a maximum, or an image's size: the column shrinks to 320 px.
    const widths = [...email.html.matchAll(/(?<![-\w])width[:=]"?(\d+)(px|%)?/g)].map((m) => m[0]);
    expect(widths.filter((width) => !width.endsWith('%') && Number(/\d+/.exec(width)![0]) > 100)).toEqual([]);
    expect(email.html).toContain('max-width:560px');
  });
});

describe('the List-Unsubscribe headers', () => {
  it('name the one-click address and a mailbox, and ask for one-click POSTs', async () => {
    const links = mailLinks(
      signer(async () => Buffer.alloc(32, 3)),
      'https://portal.example/ui/',
    );
    const headers = links.listUnsubscribeHeaders('tok-en_1', mailboxOf('Acme <no-reply@portal.example>'));
    expect(headers).toEqual({
      'List-Unsubscribe':
        '<https://portal.example/ui/api/mail/unsubscribe?token=tok-en_1>, ' +
        '<mailto:no-reply@portal.example?subject=Unsubscribe&body=https%3A%2F%2Fportal.example%2Fui%2Funsubscribe%3Ftoken%3Dtok-en_1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mailboxOf('no-reply@portal.example')).toBe('no-reply@portal.example');
  });
});

describe('brand colours', () => {
  it('put white text on dark colours and dark text on light ones', () => {
    expect(textColourOn(defaultBrandColour)).toBe('#ffffff');
    expect(textColourOn('#000000')).toBe('#ffffff');
    expect(textColourOn('#ffd43b')).toBe('#212529');
    expect(textColourOn('#ffffff')).toBe('#212529');
  });

  it('write the name and links in the colour only where it reads on white', () => {
    const yellow = reminderEmail({ ...data, brand: { ...data.brand, colour: '#ffd43b' } });
    expect(yellow.html).not.toContain('color:#ffd43b');
    expect(yellow.html).toContain('border-bottom:3px solid #ffd43b');
    expect(reminderEmail(data).html).toContain('font-weight:bold;color:#5f3dc4');
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
