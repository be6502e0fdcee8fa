import { timingSafeEqual } from 'node:crypto';
import { uuidText, type Signer } from '../../lib/signing';

/**
 * The envelope sender (Return-Path) of each message sent over SMTP when bounces come back to the
 * portal (docs/decisions/104): VERP, `bounces+<outbox id>-<tag>@<bounce domain>` for
 * BOUNCE_ADDRESS `bounces@<bounce domain>`. A bounce is sent to it, so it names the message that
 * bounced; the tag, signed by the server, keeps anyone from naming a message of their choosing.
 */
const purpose = 'bounce-return-path-v1';

/**
 * The id and tag are in lower-case hex, since some mail servers change the case of the address
 * they bounce to; 32 + 16 characters keep the local part within the 64 an address may have.
 */
const tagLength = 16;
const added = 1 + 32 + 1 + tagLength;

/** The most characters BOUNCE_ADDRESS's own local part may have: 64 less what the VERP adds. */
export const bounceLocalPartMax = 64 - added;

/** BOUNCE_ADDRESS as a plain mailbox: a short local part without `+`, at a domain name. */
export const bounceAddressPattern = new RegExp(
  `^[A-Za-z0-9._-]{1,${bounceLocalPartMax}}@(?:[A-Za-z0-9-]+\\.)+[A-Za-z0-9-]+$`,
);

const tagOf = async (signing: Signer, outboxId: string) =>
  Buffer.from(await signing.tag(purpose, outboxId), 'base64url')
    .subarray(0, tagLength / 2)
    .toString('hex');

/** The envelope sender of the outbox message `outboxId`, at BOUNCE_ADDRESS `bounceAddress`. */
export async function returnPathOf(
  signing: Signer,
  bounceAddress: string,
  outboxId: string,
): Promise<string> {
  const [local, domain] = bounceAddress.split('@') as [string, string];
  const id = outboxId.toLowerCase();
  return `${local}+${id.replace(/-/g, '')}-${await tagOf(signing, id)}@${domain}`;
}

/**
 * The outbox id a bounce's recipient names, when it is a return path this server made for
 * `bounceAddress`; null for any other address, or one whose tag does not verify.
 */
export async function outboxIdOfReturnPath(
  signing: Signer,
  bounceAddress: string,
  address: string,
): Promise<string | null> {
  const at = address.lastIndexOf('@');
  const [base, domain] = bounceAddress.toLowerCase().split('@') as [string, string];
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain) return null;
  const local = address.slice(0, at).toLowerCase();
  const match = new RegExp(`^(.+)\\+([0-9a-f]{32})-([0-9a-f]{${tagLength}})$`).exec(local);
  if (!match || match[1] !== base) return null;
  const id = uuidText(Buffer.from(match[2]!, 'hex'));
  const expected = Buffer.from(await tagOf(signing, id));
  return timingSafeEqual(expected, Buffer.from(match[3]!)) ? id : null;
}
