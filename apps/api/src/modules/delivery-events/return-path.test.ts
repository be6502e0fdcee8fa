/**
 * The signed return path (VERP) of each message sent over SMTP: it names the outbox message, only
 * this server can make one, and it is an address any mail server takes.
 */
import { parse as parseSmtpAddress } from 'smtp-address-parser';
import { describe, expect, it } from 'vitest';
import { signer } from '../../lib/signing';
import { bounceAddressPattern, bounceLocalPartMax, outboxIdOfReturnPath, returnPathOf } from './return-path';

const signing = signer(async () => Buffer.alloc(32, 5));
const otherServer = signer(async () => Buffer.alloc(32, 6));
const bounces = 'bounces@mail.example.com';
const outboxId = '6f1c0b8e-3a52-4c1e-9d0a-2b7e5f4c8a13';

describe('the return path', () => {
  it('names the outbox message on the bounce address, as a mailbox any SMTP server takes', async () => {
    const address = await returnPathOf(signing, bounces, outboxId);
    expect(address).toMatch(/^bounces\+6f1c0b8e3a524c1e9d0a2b7e5f4c8a13-[0-9a-f]{16}@mail\.example\.com$/);
    expect(() => {
      parseSmtpAddress(address);
    }).not.toThrow();
    expect(await outboxIdOfReturnPath(signing, bounces, address)).toBe(outboxId);
  });

  it('stays within the 64 characters of a local part for the longest bounce address allowed', async () => {
    const longest = `${'b'.repeat(bounceLocalPartMax)}@mail.example.com`;
    expect(bounceAddressPattern.test(longest)).toBe(true);
    expect(bounceAddressPattern.test(`b${longest}`)).toBe(false);
    const address = await returnPathOf(signing, longest, outboxId);
    expect(address.split('@')[0]).toHaveLength(64);
    expect(await outboxIdOfReturnPath(signing, longest, address)).toBe(outboxId);
  });

  it('is read whatever the case a mail server gave it', async () => {
    const address = await returnPathOf(signing, bounces, outboxId);
    expect(await outboxIdOfReturnPath(signing, bounces, address.toUpperCase())).toBe(outboxId);
    expect(await outboxIdOfReturnPath(signing, 'Bounces@Mail.Example.com', address)).toBe(outboxId);
  });

  it('is made the same for an id in capitals', async () => {
    expect(await returnPathOf(signing, bounces, outboxId.toUpperCase())).toBe(
      await returnPathOf(signing, bounces, outboxId),
    );
  });

  it('refuses a tag this server did not make, or one altered or cut short', async () => {
    const address = await returnPathOf(signing, bounces, outboxId);
    const [local, domain] = address.split('@') as [string, string];
    const tag = local.slice(-16);
    const flipped = tag.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const cases = [
      await returnPathOf(otherServer, bounces, outboxId),
      `${local.slice(0, -16)}${flipped}@${domain}`,
      `${local.slice(0, -1)}@${domain}`,
      // The tag of one message does not name another.
      address.replace('6f1c0b8e', '6f1c0b8f'),
    ];
    for (const forged of cases) expect(await outboxIdOfReturnPath(signing, bounces, forged)).toBeNull();
  });

  it('refuses any other address: another mailbox or domain, the bare bounce address, no address', async () => {
    const address = await returnPathOf(signing, bounces, outboxId);
    for (const other of [
      address.replace('bounces+', 'other+'),
      address.replace('@mail.example.com', '@example.com'),
      address.replace('@mail.example.com', '@mail.example.com.evil.test'),
      bounces,
      'someone@example.com',
      address.split('@')[0]!,
      '',
    ]) {
      expect(await outboxIdOfReturnPath(signing, bounces, other)).toBeNull();
    }
  });
});
