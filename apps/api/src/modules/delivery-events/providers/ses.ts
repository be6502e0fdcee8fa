/**
 * Amazon SES bounce and complaint notifications, published to an Amazon SNS topic and delivered by
 * SNS to our HTTPS endpoint. SNS signs each message with a certificate it serves from
 * `SigningCertURL`. The route: reads the body (`readSnsMessage`), checks the certificate URL
 * (`snsSigningCertUrlAllowed`), fetches the certificate over HTTPS, verifies the message
 * (`verifySnsMessage`), checks `TopicArn` is our topic, confirms a SubscriptionConfirmation by
 * fetching its `SubscribeURL` once `snsUrlAllowed` says it is SNS's, and reads a Notification
 * with `sesEvents`. This file makes no network calls.
 */
import { verify } from 'node:crypto';
import { UnverifiedDeliveryEventError, type DeliveryEvent } from '../delivery-event';
import { isoInstant, isRecord, parseJson, text, type JsonRecord } from './narrow';

/** An SNS message as POSTed to an HTTP/HTTPS subscriber (SNS developer guide, "JSON formats"). */
export interface SnsMessage {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  /** Notification only, and only when the publisher gave one. */
  Subject?: string;
  /** SubscriptionConfirmation and UnsubscribeConfirmation. */
  SubscribeURL?: string;
  Token?: string;
  /** Notification. */
  UnsubscribeURL?: string;
}

const requiredFields = [
  'Type',
  'MessageId',
  'TopicArn',
  'Message',
  'Timestamp',
  'SignatureVersion',
  'Signature',
  'SigningCertURL',
] as const;
const optionalFields = ['Subject', 'SubscribeURL', 'Token', 'UnsubscribeURL'] as const;

/**
 * The request body (SNS sends JSON as text/plain, so it may arrive as a string) as an SnsMessage,
 * keeping only string fields. Throws UnverifiedDeliveryEventError when it is not one.
 */
export function readSnsMessage(body: unknown): SnsMessage {
  const value = typeof body === 'string' ? parseJson(body) : body;
  if (!isRecord(value)) throw new UnverifiedDeliveryEventError('Not an SNS message');
  const message: Partial<Record<keyof SnsMessage, string>> = {};
  for (const field of requiredFields) {
    const fieldValue = value[field];
    if (typeof fieldValue !== 'string') {
      throw new UnverifiedDeliveryEventError(`SNS message without ${field}`);
    }
    message[field] = fieldValue;
  }
  for (const field of optionalFields) {
    const fieldValue = value[field];
    if (typeof fieldValue === 'string') message[field] = fieldValue;
  }
  return message as SnsMessage;
}

/**
 * SNS's signing-certificate hosts: sns.<region>.amazonaws.com (.cn in China). AWS's validators
 * (e.g. sns-validator) accept `^sns\.[a-zA-Z0-9-]{3,}\.amazonaws\.com(\.cn)?$`, which also admits
 * S3 virtual-hosted names such as sns.s3-accelerate.amazonaws.com, where whoever owns a bucket
 * called "sns" could serve a certificate. Here the middle label must look like a region
 * (us-east-1, ap-southeast-2, us-gov-west-1, cn-north-1).
 */
const snsHost = /^sns\.[a-z]{2,}(?:-[a-z]+)+-\d+\.amazonaws\.com(?:\.cn)?$/;

/**
 * Whether a URL is on an SNS host over HTTPS (no other port, no credentials in it): where a
 * SubscriptionConfirmation's SubscribeURL must point before the route visits it.
 */
export function snsUrlAllowed(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === '' &&
    snsHost.test(parsed.hostname)
  );
}

/** Whether a message's SigningCertURL may be fetched: an SNS URL (above) to a .pem file. */
export function snsSigningCertUrlAllowed(url: string): boolean {
  return snsUrlAllowed(url) && new URL(url).pathname.endsWith('.pem');
}

/** The fields signed, in the order AWS documents ("Verifying the signatures of Amazon SNS messages"). */
const signedFields: Readonly<Record<string, readonly (keyof SnsMessage)[]>> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: [
    'Message',
    'MessageId',
    'SubscribeURL',
    'Timestamp',
    'Token',
    'TopicArn',
    'Type',
  ],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

/** SignatureVersion 1 is SHA1withRSA, 2 is SHA256withRSA. */
const digestOf: Readonly<Record<string, string>> = { '1': 'sha1', '2': 'sha256' };

/** The canonical string SNS signs: "Name\nvalue\n" for each field, Subject only when present. */
function stringToSign(message: SnsMessage): string | null {
  const fields = Object.hasOwn(signedFields, message.Type) ? signedFields[message.Type] : undefined;
  if (!fields) return null;
  let signed = '';
  for (const field of fields) {
    const value: unknown = message[field];
    if (typeof value === 'string') signed += `${field}\n${value}\n`;
    else if (field !== 'Subject') return null; // every other field is required for its type
  }
  return signed;
}

/**
 * Whether the message was signed by the certificate given (a PEM fetched from its SigningCertURL).
 * False, never a throw, for anything malformed. The certificate URL is checked again here, so a
 * route that forgot to cannot be led to trust a certificate from elsewhere.
 */
export function verifySnsMessage(message: SnsMessage, certificatePem: string): boolean {
  // The type says strings, but the body was untrusted JSON: check rather than trust.
  if (!isRecord(message) || typeof message.Signature !== 'string') return false;
  if (typeof message.SigningCertURL !== 'string' || !snsSigningCertUrlAllowed(message.SigningCertURL)) {
    return false;
  }
  const digest = Object.hasOwn(digestOf, message.SignatureVersion)
    ? digestOf[message.SignatureVersion]
    : undefined;
  const signed = typeof message.Type === 'string' ? stringToSign(message) : null;
  if (!digest || signed === null) return false;
  try {
    return verify(
      digest,
      Buffer.from(signed, 'utf8'),
      certificatePem,
      Buffer.from(message.Signature, 'base64'),
    );
  } catch {
    return false; // not a certificate, or not an RSA one
  }
}

/**
 * The bounces and complaints in a verified SNS Notification carrying an SES notification (or an
 * SES configuration-set event, which names its type `eventType`). One event per recipient named;
 * [] for deliveries, other types, and messages that are not SES's.
 */
export function sesEvents(message: SnsMessage): DeliveryEvent[] {
  if (message.Type !== 'Notification' || typeof message.Message !== 'string') return [];
  const notification = parseJson(message.Message);
  if (!isRecord(notification)) return [];
  const type = notification.notificationType ?? notification.eventType;
  if (type === 'Bounce' && isRecord(notification.bounce)) {
    const bounce = notification.bounce;
    // Transient (it may clear) and Undetermined (SES could not tell why) suppress nothing.
    const permanent = bounce.bounceType === 'Permanent';
    return recipientEvents(message, bounce, bounce.bouncedRecipients, (recipient) => ({
      kind: 'bounce',
      permanent,
      detail: text(recipient.diagnosticCode),
    }));
  }
  if (type === 'Complaint' && isRecord(notification.complaint)) {
    const complaint = notification.complaint;
    const feedbackType = text(complaint.complaintFeedbackType);
    return recipientEvents(message, complaint, complaint.complainedRecipients, () => ({
      kind: 'complaint',
      permanent: true,
      detail: feedbackType,
    }));
  }
  return [];
}

function recipientEvents(
  message: SnsMessage,
  report: JsonRecord,
  recipients: unknown,
  describe: (recipient: JsonRecord) => Pick<DeliveryEvent, 'kind' | 'permanent' | 'detail'>,
): DeliveryEvent[] {
  const at = isoInstant(report.timestamp) ?? isoInstant(message.Timestamp);
  if (at === null || !Array.isArray(recipients)) return [];
  const events: DeliveryEvent[] = [];
  const seen = new Set<string>();
  for (const recipient of recipients) {
    if (!isRecord(recipient)) continue;
    const address = text(recipient.emailAddress);
    if (address === null || seen.has(address)) continue;
    seen.add(address);
    // One SNS message can name several recipients; SNS keeps MessageId across its retries.
    events.push({
      provider: 'ses',
      eventId: `${message.MessageId}:${address}`,
      address,
      at,
      ...describe(recipient),
    });
  }
  return events;
}
