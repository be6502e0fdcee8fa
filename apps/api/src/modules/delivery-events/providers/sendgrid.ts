/**
 * SendGrid's Event Webhook with "Signed Event Webhook Requests" on: each POST carries a JSON array
 * of events, an ECDSA (P-256, SHA-256) signature over `timestamp + raw body`, and that timestamp.
 * Nothing is read from a body whose signature does not hold.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { UnverifiedDeliveryEventError, type DeliveryEvent } from '../delivery-event';
import { isRecord, parseJson, text, unixInstant } from './narrow';

/** The request headers SendGrid signs with (Node lower-cases header names). */
export const sendgridSignatureHeader = 'x-twilio-email-event-webhook-signature';
export const sendgridTimestampHeader = 'x-twilio-email-event-webhook-timestamp';

/**
 * How far a signed timestamp may be from our clock. A captured request replayed later is refused;
 * SendGrid's own retries are signed afresh, so they pass.
 */
const maxSkewMs = 10 * 60 * 1000;

/**
 * The delivery events in one signed SendGrid webhook request. `rawBody` must be the body exactly
 * as received (not re-serialized JSON): the signature covers its bytes. `publicKeyBase64` is the
 * verification key as SendGrid's settings page shows it (base64 DER SubjectPublicKeyInfo).
 * Throws UnverifiedDeliveryEventError for a missing, malformed, stale or wrong signature.
 */
export function sendgridEvents(
  rawBody: string,
  headers: { signature?: string; timestamp?: string },
  publicKeyBase64: string,
  now: Date,
): DeliveryEvent[] {
  const { signature, timestamp } = headers;
  if (typeof signature !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature.trim())) {
    throw new UnverifiedDeliveryEventError('SendGrid webhook without a signature');
  }
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) {
    throw new UnverifiedDeliveryEventError('SendGrid webhook without a timestamp');
  }
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > maxSkewMs) {
    throw new UnverifiedDeliveryEventError('SendGrid webhook timestamp too far from now');
  }
  const key = sendgridPublicKey(publicKeyBase64);
  let valid = false;
  try {
    valid = verify(
      'sha256',
      Buffer.from(timestamp + rawBody, 'utf8'),
      { key, dsaEncoding: 'der' },
      Buffer.from(signature.trim(), 'base64'),
    );
  } catch {
    // A signature that is not DER at all is as wrong as one that does not match.
  }
  if (!valid) throw new UnverifiedDeliveryEventError('SendGrid webhook signature does not verify');

  // Signed by SendGrid, so a body we cannot read is SendGrid's oddity, not an attack: nothing to do.
  const events = parseJson(rawBody);
  if (!Array.isArray(events)) return [];
  const read: DeliveryEvent[] = [];
  for (const event of events) {
    const one = sendgridEvent(event);
    if (one) read.push(one);
  }
  return read;
}

/**
 * The configured key, refused with a plain Error (not UnverifiedDeliveryEventError) when it is not
 * a P-256 public key: that is our set-up at fault, not the request, and should be loud.
 */
function sendgridPublicKey(publicKeyBase64: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new Error('The SendGrid verification key is not a base64 DER public key');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('The SendGrid verification key is not an ECDSA P-256 key');
  }
  return key;
}

/** One element of the array; null for events that say nothing about deliverability. */
function sendgridEvent(event: unknown): DeliveryEvent | null {
  if (!isRecord(event)) return null;
  const eventId = text(event.sg_event_id);
  const address = text(event.email);
  const at = unixInstant(event.timestamp);
  if (eventId === null || address === null || at === null) return null;
  const reason = text(event.reason);
  const base = { provider: 'sendgrid', eventId, address, detail: reason, at } as const;

  switch (event.event) {
    case 'bounce':
      // `type` is "bounce" for a hard bounce and "blocked" for a block (the receiving server
      // refused this message, for reputation or content), which may clear later. Without a
      // `type` (SendGrid's sample events predate it) a bounce event is a hard bounce.
      return { ...base, kind: 'bounce', permanent: text(event.type) !== 'blocked' };
    case 'dropped':
      // SendGrid drops mail to an address already on its bounce list ("Bounced Address"); other
      // drop reasons (unsubscribed, spam reporter, invalid SMTPAPI header...) are not bounces.
      return reason !== null && /bounced address/i.test(reason)
        ? { ...base, kind: 'bounce', permanent: true }
        : null;
    case 'spamreport':
      return { ...base, kind: 'complaint', permanent: true };
    case 'unsubscribe':
    case 'group_unsubscribe':
      return { ...base, kind: 'unsubscribe', permanent: true };
    default:
      // processed, deferred, delivered, open, click, group_resubscribe...
      return null;
  }
}
