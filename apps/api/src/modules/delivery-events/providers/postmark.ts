/**
 * Postmark's webhooks (https://postmarkapp.com/developer/webhooks): one JSON record per request,
 * told apart by `RecordType`. Postmark signs nothing; the webhook URL is guarded with HTTP basic
 * auth, which the route checks with `postmarkAuthorized` before reading the body.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { DeliveryEvent, DeliveryEventKind } from '../delivery-event';
import { isoInstant, isRecord, text, type JsonRecord } from './narrow';

/**
 * Of Postmark's bounce types (its API reference, "Bounce types"), the ones whose address will
 * never take mail: HardBounce ("unknown user, mailbox not found") and BadEmailAddress ("not a
 * valid email address"). SoftBounce, Transient, DnsError, AutoResponder, SpamNotification (it was
 * delivered, then filtered), Blocked, ChallengeVerification and the rest may pass on a later try.
 * ManuallyDeactivated is our own account's doing, not the mailbox's answer, so it is not one either.
 */
const permanentBounceTypes: ReadonlySet<string> = new Set(['HardBounce', 'BadEmailAddress']);

/** The events in one Postmark webhook body (already parsed JSON); [] for anything else. */
export function postmarkEvents(body: unknown): DeliveryEvent[] {
  if (!isRecord(body)) return [];
  switch (body.RecordType) {
    case 'Bounce': {
      const type = text(body.Type);
      return bounceRecord(body, 'bounce', type !== null && permanentBounceTypes.has(type));
    }
    case 'SpamComplaint':
      return bounceRecord(body, 'complaint', true);
    case 'SubscriptionChange':
      return subscriptionChange(body);
    default:
      // Delivery, Open, Click, Inbound...: nothing to act on here.
      return [];
  }
}

/** Bounce and SpamComplaint records share one shape (ID, Email, BouncedAt, Description, Details). */
function bounceRecord(record: JsonRecord, kind: DeliveryEventKind, permanent: boolean): DeliveryEvent[] {
  const address = text(record.Email);
  const at = isoInstant(record.BouncedAt);
  if (address === null || at === null) return [];
  return [
    {
      provider: 'postmark',
      eventId: recordId(record, address),
      kind,
      permanent,
      address,
      // Details carries the receiving server's own words; Description only explains the type.
      detail: text(record.Details) ?? text(record.Description),
      at,
    },
  ];
}

/**
 * Postmark's bounce ID is a 64-bit integer (its own example is 4323372036854775807), past what a
 * JavaScript number holds exactly: JSON.parse rounds it, and neighbouring IDs could then collapse
 * into one. Such an ID is not used; the record's own fields make a key instead, the same each time
 * Postmark retries the same record.
 */
function recordId(record: JsonRecord, address: string): string {
  const id = record.ID;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) return String(id);
  // A body parsed with big integers kept as text.
  if (typeof id === 'string' && /^\d{1,20}$/.test(id)) return id;
  const parts = [record.RecordType, record.MessageID, address, record.Type, record.BouncedAt];
  return parts.map((part) => (typeof part === 'string' ? part : '')).join(':');
}

/**
 * A change to a message stream's suppression list. `SuppressSending: false` is a reactivation,
 * nothing to act on. The reason says what the suppression stands for: HardBounce and SpamComplaint
 * arrive this way too (on broadcast streams, spam complaints arrive only this way), and an
 * unsubscribe is a ManualSuppression. So the reason, not the record type, gives the kind; calling
 * a hard bounce an unsubscribe would put words in the recipient's mouth.
 */
function subscriptionChange(record: JsonRecord): DeliveryEvent[] {
  if (record.SuppressSending !== true) return [];
  const address = text(record.Recipient);
  const changedAt = text(record.ChangedAt);
  const at = isoInstant(changedAt);
  if (address === null || changedAt === null || at === null) return [];
  const reason = text(record.SuppressionReason);
  const kind: DeliveryEventKind =
    reason === 'HardBounce' ? 'bounce' : reason === 'SpamComplaint' ? 'complaint' : 'unsubscribe';
  const origin = text(record.Origin);
  return [
    {
      provider: 'postmark',
      // The record has no ID of its own; address and time name it, stably across Postmark's retries.
      eventId: `SubscriptionChange:${address}:${changedAt}`,
      kind,
      // A suppression stands until someone reactivates the address.
      permanent: true,
      address,
      detail: reason === null || origin === null ? reason : `${reason} (origin ${origin})`,
      at,
    },
  ];
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether a request's Authorization header carries the basic-auth credentials set on the Postmark
 * webhook. Both halves are compared as SHA-256 digests with timingSafeEqual, so neither the time
 * taken nor an early exit tells a caller how much of a guess was right (or how long the secret is).
 * Empty expected credentials never match: a missing setting must not open the endpoint.
 */
export function postmarkAuthorized(
  authorizationHeader: string | undefined,
  expected: { user: string; password: string },
): boolean {
  if (expected.user === '' || expected.password === '') return false;
  const match = /^Basic +([A-Za-z0-9+/]+={0,2})\s*$/i.exec(authorizationHeader ?? '');
  if (!match) return false;
  const credentials = Buffer.from(match[1]!, 'base64').toString('utf8');
  // RFC 7617: the user-id cannot contain a colon, so the first one ends it.
  const colon = credentials.indexOf(':');
  if (colon < 0) return false;
  const userMatches = timingSafeEqual(digest(credentials.slice(0, colon)), digest(expected.user));
  const passwordMatches = timingSafeEqual(digest(credentials.slice(colon + 1)), digest(expected.password));
  return userMatches && passwordMatches;
}
