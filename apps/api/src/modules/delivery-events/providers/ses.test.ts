import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  notificationStringToSign,
  sesExamples,
  signWith,
  snsNotification as notification,
  snsSubscriptionConfirmation as subscriptionConfirmation,
  snsTestCertificate as testCertificate,
} from '../../../test/relay-reports';
import { UnverifiedDeliveryEventError } from '../delivery-event';
import {
  readSnsMessage,
  sesEvents,
  snsSigningCertUrlAllowed,
  snsUrlAllowed,
  verifySnsMessage,
  type SnsMessage,
} from './ses';

const { bounceWithDsn, bounceWithoutDsn, complaintWithFeedback, delivery } = sesExamples;

describe('snsSigningCertUrlAllowed', () => {
  it('allows SNS certificate URLs', () => {
    expect(
      snsSigningCertUrlAllowed('https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem'),
    ).toBe(true);
    expect(snsSigningCertUrlAllowed('https://sns.ap-southeast-2.amazonaws.com/x.pem')).toBe(true);
    expect(snsSigningCertUrlAllowed('https://sns.us-gov-west-1.amazonaws.com/x.pem')).toBe(true);
    expect(snsSigningCertUrlAllowed('https://sns.cn-north-1.amazonaws.com.cn/x.pem')).toBe(true);
  });

  it('refuses other hosts, plain HTTP, look-alikes and files that are not .pem', () => {
    for (const url of [
      'https://evil.example.com/x.pem',
      'http://sns.us-east-1.amazonaws.com/x.pem',
      'https://sns.us-east-1.amazonaws.com.evil.com/x.pem',
      'https://sns.us-east-1.amazonaws.com@evil.example.com/x.pem',
      'https://evil.example.com/sns.us-east-1.amazonaws.com/x.pem',
      'https://sns.s3-accelerate.amazonaws.com/x.pem', // an S3 bucket named "sns"
      'https://sns.s3-external-1.amazonaws.com/x.pem',
      'https://sns.us-east-1.amazonaws.com:8443/x.pem',
      'https://user:pass@sns.us-east-1.amazonaws.com/x.pem',
      'https://sns.us-east-1.amazonaws.com/x.pem.txt',
      'https://sns.us-east-1.amazonaws.com/',
      'file:///etc/x.pem',
      'not a url',
      '',
    ]) {
      expect(snsSigningCertUrlAllowed(url), url).toBe(false);
    }
  });
});

describe('snsUrlAllowed', () => {
  it("allows a SubscribeURL on SNS's host, whatever its path", () => {
    expect(snsUrlAllowed(subscriptionConfirmation().SubscribeURL!)).toBe(true);
  });

  it('refuses one elsewhere or over plain HTTP', () => {
    expect(snsUrlAllowed('https://evil.example.com/?Action=ConfirmSubscription')).toBe(false);
    expect(snsUrlAllowed('http://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription')).toBe(false);
    expect(snsUrlAllowed('https://sns.us-west-2.amazonaws.com.evil.com/')).toBe(false);
    expect(snsUrlAllowed('https://169.254.169.254/latest/meta-data/')).toBe(false);
  });
});

describe('verifySnsMessage', () => {
  it('accepts Notifications signed with SignatureVersion 1 (SHA1) and 2 (SHA256)', () => {
    expect(verifySnsMessage(notification(bounceWithDsn, '1'), testCertificate)).toBe(true);
    expect(verifySnsMessage(notification(bounceWithDsn, '2'), testCertificate)).toBe(true);
    expect(
      verifySnsMessage(notification('Hello world!', '1', { Subject: 'My First Message' }), testCertificate),
    ).toBe(true);
  });

  it('accepts a SubscriptionConfirmation, whose signature covers SubscribeURL and Token', () => {
    const confirmation = subscriptionConfirmation();
    expect(verifySnsMessage(confirmation, testCertificate)).toBe(true);
    expect(
      verifySnsMessage({ ...confirmation, SubscribeURL: 'https://evil.example.com/' }, testCertificate),
    ).toBe(false);
    expect(verifySnsMessage({ ...confirmation, Token: 'other' }, testCertificate)).toBe(false);
  });

  it('refuses a tampered message', () => {
    const signed = notification(bounceWithDsn);
    expect(
      verifySnsMessage({ ...signed, Message: JSON.stringify(complaintWithFeedback) }, testCertificate),
    ).toBe(false);
    expect(verifySnsMessage({ ...signed, MessageId: 'another' }, testCertificate)).toBe(false);
    expect(verifySnsMessage({ ...signed, Subject: 'added' }, testCertificate)).toBe(false);
    expect(verifySnsMessage({ ...signed, Type: 'SubscriptionConfirmation' }, testCertificate)).toBe(false);
    expect(verifySnsMessage({ ...signed, SignatureVersion: '2' }, testCertificate)).toBe(false);
  });

  it('refuses a tampered or foreign signature', () => {
    const signed = notification(bounceWithDsn);
    const flipped = Buffer.from(signed.Signature, 'base64');
    flipped[0]! ^= 1;
    expect(verifySnsMessage({ ...signed, Signature: flipped.toString('base64') }, testCertificate)).toBe(
      false,
    );
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    });
    const foreign = signWith(notificationStringToSign(signed), '1', otherKey.toString());
    expect(verifySnsMessage({ ...signed, Signature: foreign }, testCertificate)).toBe(false);
    expect(verifySnsMessage({ ...signed, Signature: '' }, testCertificate)).toBe(false);
  });

  it('refuses unknown signature versions, unknown types, foreign certificate URLs and bad certificates', () => {
    const signed = notification(bounceWithDsn);
    expect(verifySnsMessage({ ...signed, SignatureVersion: '3' }, testCertificate)).toBe(false);
    expect(verifySnsMessage({ ...signed, Type: 'Other' }, testCertificate)).toBe(false);
    expect(
      verifySnsMessage({ ...signed, SigningCertURL: 'https://evil.example.com/x.pem' }, testCertificate),
    ).toBe(false);
    expect(verifySnsMessage(signed, 'not a certificate')).toBe(false);
    expect(verifySnsMessage({ ...signed, Message: 7 } as unknown as SnsMessage, testCertificate)).toBe(false);
    expect(verifySnsMessage(null as unknown as SnsMessage, testCertificate)).toBe(false);
  });
});

describe('readSnsMessage', () => {
  it('reads the body as text (SNS posts text/plain) or as parsed JSON', () => {
    const signed = notification(bounceWithDsn);
    expect(readSnsMessage(JSON.stringify(signed))).toEqual(signed);
    expect(readSnsMessage({ ...signed, Extra: { x: 1 } })).toEqual(signed);
  });

  it('refuses what is not an SNS message', () => {
    const signed = notification(bounceWithDsn);
    for (const body of [
      'not json',
      '[]',
      null,
      42,
      { ...signed, MessageId: 7 },
      { ...signed, Signature: undefined },
    ]) {
      expect(() => readSnsMessage(body)).toThrow(UnverifiedDeliveryEventError);
    }
  });
});

describe('sesEvents', () => {
  const snsMessageId = '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324';
  const at = new Date('2016-01-27T14:59:38.237Z');

  it("reads SES's bounce with a DSN as a permanent bounce with its diagnostic", () => {
    expect(sesEvents(notification(bounceWithDsn))).toEqual([
      {
        provider: 'ses',
        eventId: `${snsMessageId}:jane@example.com`,
        kind: 'bounce',
        permanent: true,
        address: 'jane@example.com',
        detail: 'smtp; 550 5.1.1 <jane@example.com>... User',
        at,
      },
    ]);
  });

  it("reads SES's bounce without a DSN as one event per recipient", () => {
    expect(sesEvents(notification(bounceWithoutDsn))).toEqual([
      expect.objectContaining({ eventId: `${snsMessageId}:jane@example.com`, permanent: true, detail: null }),
      expect.objectContaining({
        eventId: `${snsMessageId}:richard@example.com`,
        permanent: true,
        detail: null,
      }),
    ]);
  });

  it('reads a transient or undetermined bounce as not permanent', () => {
    for (const bounceType of ['Transient', 'Undetermined']) {
      const soft = {
        ...bounceWithDsn,
        bounce: { ...(bounceWithDsn.bounce as object), bounceType, bounceSubType: 'MailboxFull' },
      };
      expect(sesEvents(notification(soft))).toMatchObject([{ kind: 'bounce', permanent: false }]);
    }
  });

  it("reads SES's complaint as a complaint", () => {
    expect(sesEvents(notification(complaintWithFeedback))).toEqual([
      {
        provider: 'ses',
        eventId: `${snsMessageId}:richard@example.com`,
        kind: 'complaint',
        permanent: true,
        address: 'richard@example.com',
        detail: 'abuse',
        at,
      },
    ]);
  });

  it('reads configuration-set event publishing, which names the type eventType', () => {
    const { notificationType: _, ...rest } = bounceWithDsn;
    expect(sesEvents(notification({ eventType: 'Bounce', ...rest }))).toMatchObject([
      { address: 'jane@example.com' },
    ]);
  });

  it('falls back to the SNS timestamp when the report has none', () => {
    const undated = {
      ...bounceWithDsn,
      bounce: { ...(bounceWithDsn.bounce as object), timestamp: undefined },
    };
    expect(sesEvents(notification(undated))[0]?.at).toEqual(new Date('2012-05-02T00:54:06.655Z'));
  });

  it('yields nothing for deliveries, unknown types, confirmations and messages that are not SES JSON', () => {
    expect(sesEvents(notification(delivery))).toEqual([]);
    expect(sesEvents(notification({ ...bounceWithDsn, notificationType: 'Reject' }))).toEqual([]);
    expect(sesEvents(subscriptionConfirmation())).toEqual([]);
    expect(sesEvents(notification('Hello world!'))).toEqual([]);
    expect(sesEvents(notification('[1, 2]'))).toEqual([]);
  });

  it('skips malformed recipients and never throws on a malformed report', () => {
    const messy = {
      ...bounceWithDsn,
      bounce: {
        ...(bounceWithDsn.bounce as object),
        bouncedRecipients: [null, 'x', { emailAddress: 3 }, { emailAddress: 'ok@example.com' }],
      },
    };
    expect(sesEvents(notification(messy)).map((event) => event.address)).toEqual(['ok@example.com']);
    expect(sesEvents(notification({ notificationType: 'Bounce', bounce: 'x' }))).toEqual([]);
    expect(
      sesEvents(notification({ notificationType: 'Bounce', bounce: { bouncedRecipients: {} } })),
    ).toEqual([]);
    expect(sesEvents(notification({ notificationType: 'Complaint' }))).toEqual([]);
  });
});
