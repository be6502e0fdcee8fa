/**
 * The mail relays' documented sample reports, and signing as each relay signs, with test keys:
 * for the providers' unit tests and the webhook routes' tests alike (docs/decisions/101); and
 * RFC 3464's sample bounces, for the bounce mailbox (docs/decisions/104).
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SnsMessage } from '../modules/delivery-events/providers/ses';

const fixture = (name: string) =>
  readFileSync(new URL(`../modules/delivery-events/providers/fixtures/${name}`, import.meta.url), 'utf8');

// Read as text, not imported: end-to-end journeys load this file too, where JSON needs import attributes.
type Sample = Record<string, unknown>;

/** Postmark's webhook examples: a bounce, a spam complaint, a subscription change, a delivery. */
export const postmarkExamples = JSON.parse(fixture('postmark-webhook-examples.json')) as Record<
  'bounce' | 'spamComplaint' | 'subscriptionChange' | 'delivery',
  Sample
>;
/** The SES examples from "Amazon SNS notification examples for Amazon SES". */
export const sesExamples = JSON.parse(fixture('ses-notification-examples.json')) as Record<
  'bounceWithDsn' | 'bounceWithoutDsn' | 'complaintWithFeedback' | 'delivery',
  Sample
>;
/** SendGrid's sample events, one of each type, as the text of a webhook's body. */
export const sendgridSampleBody = fixture('sendgrid-event-examples.json');
/** RFC 3464's sample delivery status notifications (§10.1 and §10.2), as a bounce mailbox takes them. */
export const dsnExamples = {
  simple: fixture('rfc3464-simple-dsn.eml'),
  multiRecipient: fixture('rfc3464-multi-recipient-dsn.eml'),
};

/** A key pair for SendGrid's Signed Event Webhook: the private key signs, the public one is configured. */
export function sendgridKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privateKey,
    publicKeyBase64: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/** Signs as SendGrid does: ECDSA P-256 over SHA-256 of `timestamp + body`, base64 DER. */
export const sendgridSigned = (body: string, timestamp: string, privateKey: KeyObject) => ({
  timestamp,
  signature: sign('sha256', Buffer.from(timestamp + body), { key: privateKey, dsaEncoding: 'der' }).toString(
    'base64',
  ),
});

// A throwaway key and self-signed certificate standing in for SNS's (fixtures/README.md).
const snsTestKey = fixture('sns-test-only.key.pem');
export const snsTestCertificate = fixture('sns-test-only.cert.pem');
export const snsTestTopic = 'arn:aws:sns:us-west-2:123456789012:MyTopic';
export const snsTestCertificateUrl =
  'https://sns.us-west-2.amazonaws.com/SimpleNotificationService-f3ecfb7224c7233fe7bb5f59f96de52f.pem';

/** The string SNS signs for a Notification, spelled out here rather than borrowed from ses.ts. */
export const notificationStringToSign = (m: SnsMessage) =>
  `Message\n${m.Message}\nMessageId\n${m.MessageId}\n` +
  (m.Subject === undefined ? '' : `Subject\n${m.Subject}\n`) +
  `Timestamp\n${m.Timestamp}\nTopicArn\n${m.TopicArn}\nType\n${m.Type}\n`;

export const signWith = (text: string, version: '1' | '2', key: string = snsTestKey) =>
  sign(version === '1' ? 'sha1' : 'sha256', Buffer.from(text), key).toString('base64');

/** An SNS Notification envelope (as in the SNS developer guide's "JSON formats") around `ses`. */
export function snsNotification(
  ses: unknown,
  version: '1' | '2' = '1',
  extra: Partial<SnsMessage> = {},
): SnsMessage {
  const message: SnsMessage = {
    Type: 'Notification',
    MessageId: '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324',
    TopicArn: snsTestTopic,
    Message: typeof ses === 'string' ? ses : JSON.stringify(ses),
    Timestamp: '2012-05-02T00:54:06.655Z',
    SignatureVersion: version,
    Signature: '',
    SigningCertURL: snsTestCertificateUrl,
    UnsubscribeURL:
      'https://sns.us-west-2.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=arn:aws:sns:us-west-2:123456789012:MyTopic:c9135db0-26c4-47ec-8998-413945fb5a96',
    ...extra,
  };
  return { ...message, Signature: signWith(notificationStringToSign(message), version) };
}

/** SNS's request to confirm a subscription to the topic, signed. */
export function snsSubscriptionConfirmation(): SnsMessage {
  const message: SnsMessage = {
    Type: 'SubscriptionConfirmation',
    MessageId: '165545c9-2a5c-472c-8df2-7ff2be2b3b1b',
    Token:
      '2336412f37fb687f5d51e6e241d09c805a5a57b30d712f794cc5f6a988666d92768dd60a747ba6f3beb71854e285d6ad02428b09ceece29417f1f02d609c582afbacc99c583a916b9981dd2728f4ae6fdb82efd087cc3b7849e05798d2d2785c03b0879594eeac82c01f235d0e717736',
    TopicArn: snsTestTopic,
    Message:
      'You have chosen to subscribe to the topic arn:aws:sns:us-west-2:123456789012:MyTopic.\nTo confirm the subscription, visit the SubscribeURL included in this message.',
    SubscribeURL:
      'https://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription&TopicArn=arn:aws:sns:us-west-2:123456789012:MyTopic&Token=2336412f37',
    Timestamp: '2012-04-26T20:45:04.751Z',
    SignatureVersion: '2',
    Signature: '',
    SigningCertURL: snsTestCertificateUrl,
  };
  const signed =
    `Message\n${message.Message}\nMessageId\n${message.MessageId}\nSubscribeURL\n${message.SubscribeURL}\n` +
    `Timestamp\n${message.Timestamp}\nToken\n${message.Token}\nTopicArn\n${message.TopicArn}\nType\n${message.Type}\n`;
  return { ...message, Signature: signWith(signed, '2') };
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/**
 * The relays as a test app hears them: Postmark's credentials, SendGrid's key pair, the SNS topic,
 * and SNS's certificate served from the fixtures (noting each address fetched).
 */
export function testRelays() {
  const postmark = { user: 'relay', password: 'a-long-webhook-password' };
  const sendgrid = sendgridKeys();
  const fetched: string[] = [];
  return {
    postmark,
    sendgrid,
    fetched,
    /** The Authorization header of a Postmark webhook, with its password or another. */
    postmarkAuthorization: (password = postmark.password) => basic(postmark.user, password),
    /** SendGrid's two headers of `body`, signed now with its key or another. */
    sendgridHeaders: (body: string, privateKey: KeyObject = sendgrid.privateKey) => {
      const { signature, timestamp } = sendgridSigned(
        body,
        String(Math.floor(Date.now() / 1000)),
        privateKey,
      );
      return {
        'x-twilio-email-event-webhook-signature': signature,
        'x-twilio-email-event-webhook-timestamp': timestamp,
      };
    },
    appOptions: {
      deliveryWebhooks: { postmark, sendgridPublicKey: sendgrid.publicKeyBase64, sesTopicArn: snsTestTopic },
      fetchText: async (url: string) => {
        fetched.push(url);
        return url === snsTestCertificateUrl ? snsTestCertificate : 'confirmed';
      },
    },
  };
}
