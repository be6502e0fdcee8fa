/**
 * The configuration as operators write it: PUBLIC_URL with or without the base path gives the same
 * links in emails, the default From is a mailbox a mail server takes, whatever the host, and the
 * bounce mailbox is set up whole or not at all.
 */
import addressParser from 'nodemailer/lib/addressparser/index.js';
import { parse as parseSmtpAddress } from 'smtp-address-parser';
import { describe, expect, it } from 'vitest';
import { loadEnv, mailFrom, publicBaseUrl } from './env';
import { mailboxOf, mailLinks } from './lib/mail/links';
import { signer } from './lib/signing';

const signing = signer(async () => Buffer.alloc(32, 7));

/** Reads a mailbox as an SMTP server does (RFC 5321); throws when it is none. */
const readAsSmtpServer = (mailbox: string): void => {
  parseSmtpAddress(mailbox);
};

/** Every link an email may carry, built from the configuration as the server reads it. */
async function emailLinks(environment: Record<string, string>) {
  const env = loadEnv(environment);
  const links = mailLinks(signing, publicBaseUrl(env));
  return {
    portal: publicBaseUrl(env),
    unsubscribe: links.unsubscribe('token-1'),
    reply: links.reply('done', 'token-2'),
    headers: links.listUnsubscribeHeaders('token-1', mailboxOf(mailFrom(env))),
    image: await links.brandingImage('00000000-0000-4000-8000-000000000001'),
  };
}

describe('PUBLIC_URL', () => {
  it('gives the same links written with the base path or without, with a trailing slash or without', async () => {
    const forms = [
      'http://host.example:8080',
      'http://host.example:8080/',
      'http://host.example:8080/ui',
      'http://host.example:8080/ui/',
      'http://host.example:8080/UI/',
      'http://host.example:8080/ui//',
    ];
    const expected = await emailLinks({ PUBLIC_URL: forms[0]! });
    expect(expected.portal).toBe('http://host.example:8080/ui/');
    expect(expected.headers['List-Unsubscribe']).toContain(
      '<http://host.example:8080/ui/api/mail/unsubscribe?',
    );
    for (const form of forms) {
      expect(await emailLinks({ PUBLIC_URL: form }), form).toEqual(expected);
    }
  });

  it('keeps a path a proxy puts before the base path, and works with any base path', async () => {
    const behindProxy = await emailLinks({ PUBLIC_URL: 'https://example.com/homes' });
    expect(behindProxy.portal).toBe('https://example.com/homes/ui/');
    expect(await emailLinks({ PUBLIC_URL: 'https://example.com/homes/ui/' })).toEqual(behindProxy);

    const ownBase = { BASE_PATH: '/portal/' };
    expect((await emailLinks({ ...ownBase, PUBLIC_URL: 'https://example.com/portal' })).portal).toBe(
      'https://example.com/portal/',
    );
    expect(await emailLinks({ ...ownBase, PUBLIC_URL: 'https://example.com/' })).toEqual(
      await emailLinks({ ...ownBase, PUBLIC_URL: 'https://example.com/portal/' }),
    );
    // A base path of `/` takes nothing away.
    expect((await emailLinks({ BASE_PATH: '/', PUBLIC_URL: 'https://example.com/ui/' })).portal).toBe(
      'https://example.com/ui/',
    );
  });
});

describe('the default From', () => {
  /** The mailbox of a From line, read as a mail program does, then as an SMTP server does. */
  const mailboxFor = (publicUrl: string | undefined) => {
    const from = mailFrom(loadEnv(publicUrl ? { PUBLIC_URL: publicUrl } : {}));
    const [parsed] = addressParser(from);
    expect(parsed?.name).toBe('HomeMinder');
    return parsed!.address!;
  };

  it('is a mailbox an SMTP server takes when PUBLIC_URL names the host by an IP address', () => {
    for (const [url, mailbox] of [
      ['http://127.0.0.1:8080/ui/', 'no-reply@[127.0.0.1]'],
      ['http://192.0.2.10', 'no-reply@[192.0.2.10]'],
      ['http://[::1]:8080', 'no-reply@[IPv6:::1]'],
      ['https://[2001:db8::5]/', 'no-reply@[IPv6:2001:db8::5]'],
    ] as const) {
      expect(mailboxFor(url), url).toBe(mailbox);
      expect(() => readAsSmtpServer(mailboxFor(url)), url).not.toThrow();
    }
  });

  it('is at the host name when PUBLIC_URL has one, and MAIL_FROM wins over it', () => {
    expect(mailboxFor('https://homes.example.com/ui/')).toBe('no-reply@homes.example.com');
    expect(() => readAsSmtpServer(mailboxFor('https://homes.example.com/ui/'))).not.toThrow();
    expect(mailFrom(loadEnv({ PUBLIC_URL: 'http://127.0.0.1', MAIL_FROM: 'Desk <desk@example.com>' }))).toBe(
      'Desk <desk@example.com>',
    );
  });
});

describe('the bounce mailbox', () => {
  it('takes a bounce address with a port, or alone', () => {
    expect(loadEnv({ BOUNCE_ADDRESS: 'bounces@mail.example.com', BOUNCE_SMTP_PORT: '2525' })).toMatchObject({
      BOUNCE_ADDRESS: 'bounces@mail.example.com',
      BOUNCE_SMTP_PORT: 2525,
    });
    expect(loadEnv({ BOUNCE_ADDRESS: 'bounces@mail.example.com' }).BOUNCE_SMTP_PORT).toBeUndefined();
  });

  it('refuses a port without the address, and an address the return path cannot be made on', () => {
    expect(() => loadEnv({ BOUNCE_SMTP_PORT: '2525' })).toThrow(/BOUNCE_SMTP_PORT: .*BOUNCE_ADDRESS/);
    for (const address of [
      'bounce-mailbox-of-the-portal@mail.example.com',
      'bounces+x@mail.example.com',
      'bounces@localhost',
      'Bounces <bounces@mail.example.com>',
    ]) {
      expect(() => loadEnv({ BOUNCE_ADDRESS: address }), address).toThrow(/BOUNCE_ADDRESS/);
    }
  });
});
