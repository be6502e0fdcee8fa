import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { withSharedTables } from '../db/data-scope';
import { serverSecrets } from '../db/schema';

/**
 * The server's signing key, made at the first use and kept in the database so that every server
 * process (and every restart) signs and checks with the same one (docs/decisions/027).
 */
export function serverSecret(db: Database, name = 'signing'): () => Promise<Buffer> {
  let loaded: Promise<Buffer> | undefined;
  const load = () =>
    withSharedTables(db, async () => {
      await db
        .insert(serverSecrets)
        .values({ name, value: randomBytes(32) })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, name));
      if (!row) throw new Error(`the server secret ${name} could not be stored`);
      return row.value;
    });
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

/** Signs and checks short messages with HMAC-SHA256; `purpose` keeps one kind from passing as another. */
export function signer(secret: () => Promise<Buffer>) {
  // The key once loaded, so that a batch of emails signs its links without waiting on each.
  let loadedKey: Buffer | undefined;
  const macWith = (key: Buffer, purpose: string, message: Buffer) =>
    createHmac('sha256', key).update(purpose).update('\0').update(message).digest();
  const mac = async (purpose: string, message: Buffer) =>
    macWith(loadedKey ?? (await secret()), purpose, message);
  return {
    /**
     * Loads the key now. Call it before a transaction that signs: on the embedded database a
     * first load from inside the transaction would wait for the transaction itself.
     */
    async ready(): Promise<void> {
      loadedKey = await secret();
    },
    /** `message` and its signature, URL-safe. */
    async seal(purpose: string, message: Buffer): Promise<string> {
      return Buffer.concat([message, await mac(purpose, message)]).toString('base64url');
    },
    /** As `seal`, at once, for code that signs many links after `ready()`. */
    sealLoaded(purpose: string, message: Buffer): string {
      if (!loadedKey) throw new Error('the signing key is not loaded: call ready() first');
      return Buffer.concat([message, macWith(loadedKey, purpose, message)]).toString('base64url');
    },
    /** The message of a sealed token, or null when it was not signed by this server for `purpose`. */
    async open(purpose: string, token: string, messageLength: number): Promise<Buffer | null> {
      if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== messageLength + 32) return null;
      const message = bytes.subarray(0, messageLength);
      const expected = await mac(purpose, message);
      return timingSafeEqual(expected, bytes.subarray(messageLength)) ? message : null;
    },
    /** A signature of a text, URL-safe and short (128 bits), for links that carry their data in clear. */
    async tag(purpose: string, text: string): Promise<string> {
      return (await mac(purpose, Buffer.from(text))).subarray(0, 16).toString('base64url');
    },
    async checkTag(purpose: string, text: string, tag: string): Promise<boolean> {
      const expected = Buffer.from(await this.tag(purpose, text));
      const given = Buffer.from(tag);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type Signer = ReturnType<typeof signer>;

export const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
export const uuidText = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** An unsubscribe link works for a year after the email (docs/decisions/028). */
export const unsubscribeTokenLifetimeMs = 365 * 86_400_000;
const unsubscribePurpose = 'unsubscribe-v1';

export interface UnsubscribeClaim {
  tenantId: string;
  clientUserId: string;
  expiresAt: Date;
}

/** The token of an unsubscribe link: tenant, client and expiry, signed (68 bytes, 91 characters). */
export async function mintUnsubscribeToken(signing: Signer, claim: UnsubscribeClaim): Promise<string> {
  const expiry = Buffer.alloc(4);
  expiry.writeUInt32BE(Math.floor(claim.expiresAt.getTime() / 1000));
  return signing.seal(
    unsubscribePurpose,
    Buffer.concat([uuidBytes(claim.tenantId), uuidBytes(claim.clientUserId), expiry]),
  );
}

/** The claim of a genuine, unexpired token; null otherwise. */
export async function readUnsubscribeToken(
  signing: Signer,
  token: string,
  now: Date,
): Promise<UnsubscribeClaim | null> {
  const message = await signing.open(unsubscribePurpose, token, 36);
  if (!message) return null;
  const expiresAt = new Date(message.readUInt32BE(32) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return {
    tenantId: uuidText(message.subarray(0, 16)),
    clientUserId: uuidText(message.subarray(16, 32)),
    expiresAt,
  };
}
