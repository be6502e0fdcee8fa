import { replyKinds, type ReplyKind } from '@homeminder/shared/reply-words';
import { uuidBytes, uuidText, type Signer } from './signing';

/** The links of a reminder's replies work for 60 days after the email (docs/decisions/061). */
export const replyTokenLifetimeMs = 60 * 86_400_000;

/**
 * Each reply signs with a purpose of its own, so a "done" token presented as a "remind me later"
 * one fails its signature: one link, one reply.
 */
const purposeOf = (kind: ReplyKind) => `reminder-answer-${kind}-v1`;

/** Tenant, client and subscription ids, the due date and the expiry (seconds). */
const messageLength = 16 * 3 + 4 + 4;

export interface ReplyClaim {
  kind: ReplyKind;
  tenantId: string;
  clientUserId: string;
  subscriptionId: string;
  /** The due date of the email the link is in (the occurrence, or the date it was put off to). */
  dueAt: Date;
  expiresAt: Date;
}

const seconds = (at: Date) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(Math.floor(at.getTime() / 1000));
  return bytes;
};

const messageOf = (claim: Omit<ReplyClaim, 'kind'>) =>
  Buffer.concat([
    uuidBytes(claim.tenantId),
    uuidBytes(claim.clientUserId),
    uuidBytes(claim.subscriptionId),
    seconds(claim.dueAt),
    seconds(claim.expiresAt),
  ]);

/** The token of one reply link: 56 bytes and the signature, 118 characters. */
export async function mintReplyToken(signing: Signer, claim: ReplyClaim): Promise<string> {
  return signing.seal(purposeOf(claim.kind), messageOf(claim));
}

/** The token of each reply to one email's task, at once (after `signing.ready()`). */
export function mintReplyTokens(
  signing: Signer,
  claim: Omit<ReplyClaim, 'kind'>,
): Array<{ kind: ReplyKind; token: string }> {
  const message = messageOf(claim);
  return replyKinds.map((kind) => ({ kind, token: signing.sealLoaded(purposeOf(kind), message) }));
}

/** The claim of a genuine, unexpired token for that reply; null otherwise. */
export async function readReplyToken(
  signing: Signer,
  kind: ReplyKind,
  token: string,
  now: Date,
): Promise<ReplyClaim | null> {
  const message = await signing.open(purposeOf(kind), token, messageLength);
  if (!message) return null;
  const expiresAt = new Date(message.readUInt32BE(52) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return {
    kind,
    tenantId: uuidText(message.subarray(0, 16)),
    clientUserId: uuidText(message.subarray(16, 32)),
    subscriptionId: uuidText(message.subarray(32, 48)),
    dueAt: new Date(message.readUInt32BE(48) * 1000),
    expiresAt,
  };
}
