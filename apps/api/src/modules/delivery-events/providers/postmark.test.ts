import { describe, expect, it } from 'vitest';
import { postmarkExamples } from '../../../test/relay-reports';
import { postmarkAuthorized, postmarkEvents } from './postmark';

const {
  bounce: bounceWebhook,
  spamComplaint: spamComplaintWebhook,
  subscriptionChange: subscriptionChangeWebhook,
  delivery: deliveryWebhook,
} = postmarkExamples;

describe('postmarkEvents', () => {
  it("reads Postmark's bounce example as a permanent bounce", () => {
    expect(postmarkEvents(bounceWebhook)).toEqual([
      {
        provider: 'postmark',
        // The example's ID is past 2^53 and arrives rounded, so the record's fields name it.
        eventId:
          'Bounce:883953f4-6105-42a2-a16a-77a8eac79483:john@example.com:HardBounce:2019-11-05T16:33:54.9070259Z',
        kind: 'bounce',
        permanent: true,
        address: 'john@example.com',
        detail: 'Test bounce details',
        at: new Date('2019-11-05T16:33:54.907Z'),
      },
    ]);
  });

  it('uses the bounce ID when a number holds it exactly, or when it arrives as digits', () => {
    expect(postmarkEvents({ ...bounceWebhook, ID: 692560173 })[0]?.eventId).toBe('692560173');
    expect(postmarkEvents({ ...bounceWebhook, ID: '4323372036854775807' })[0]?.eventId).toBe(
      '4323372036854775807',
    );
  });

  it('keeps apart two bounces whose IDs round to the same number', () => {
    const rounded = (digits: string) => JSON.parse(digits) as number;
    expect(rounded('4323372036854775806')).toBe(rounded('4323372036854775807'));
    const first = postmarkEvents({ ...bounceWebhook, ID: rounded('4323372036854775806') })[0]!;
    const second = postmarkEvents({
      ...bounceWebhook,
      ID: rounded('4323372036854775807'),
      BouncedAt: '2019-11-05T16:34:02.1234567Z',
    })[0]!;
    expect(first.eventId).not.toBe(second.eventId);
  });

  it('reads BadEmailAddress as permanent and soft types as not', () => {
    expect(postmarkEvents({ ...bounceWebhook, Type: 'BadEmailAddress' })[0]?.permanent).toBe(true);
    for (const type of [
      'SoftBounce',
      'Transient',
      'DnsError',
      'AutoResponder',
      'SpamNotification',
      'Blocked',
    ]) {
      const [event] = postmarkEvents({ ...bounceWebhook, Type: type, Details: 'mailbox full' });
      expect(event).toMatchObject({ kind: 'bounce', permanent: false, detail: 'mailbox full' });
    }
  });

  it('falls back to the Description when Details is empty', () => {
    expect(postmarkEvents({ ...bounceWebhook, Details: '' })[0]?.detail).toBe(
      'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
    );
  });

  it("reads Postmark's spam complaint example as a complaint", () => {
    expect(postmarkEvents(spamComplaintWebhook)).toEqual([
      {
        provider: 'postmark',
        eventId: '42',
        kind: 'complaint',
        permanent: true,
        address: 'john@example.com',
        detail: 'Test spam complaint details',
        at: new Date('2019-11-05T16:33:54.907Z'),
      },
    ]);
  });

  it('reads a suppression for an unsubscribe as an unsubscribe', () => {
    expect(postmarkEvents({ ...subscriptionChangeWebhook, SuppressionReason: 'ManualSuppression' })).toEqual([
      {
        provider: 'postmark',
        eventId: 'SubscriptionChange:bounced-address@wildbit.com:2020-02-01T10:53:34.416071Z',
        kind: 'unsubscribe',
        permanent: true,
        address: 'bounced-address@wildbit.com',
        detail: 'ManualSuppression (origin Recipient)',
        at: new Date('2020-02-01T10:53:34.416Z'),
      },
    ]);
  });

  it('reads the documented suppression (reason HardBounce) as the bounce it stands for', () => {
    expect(postmarkEvents(subscriptionChangeWebhook)).toMatchObject([
      { kind: 'bounce', permanent: true, address: 'bounced-address@wildbit.com' },
    ]);
    expect(
      postmarkEvents({ ...subscriptionChangeWebhook, SuppressionReason: 'SpamComplaint' }),
    ).toMatchObject([{ kind: 'complaint' }]);
  });

  it('yields nothing for a reactivation (SuppressSending false)', () => {
    expect(
      postmarkEvents({ ...subscriptionChangeWebhook, SuppressSending: false, SuppressionReason: null }),
    ).toEqual([]);
  });

  it('yields nothing for Delivery, Open, Click and unknown record types', () => {
    expect(postmarkEvents(deliveryWebhook)).toEqual([]);
    expect(postmarkEvents({ ...deliveryWebhook, RecordType: 'Open' })).toEqual([]);
    expect(postmarkEvents({ ...deliveryWebhook, RecordType: 'Click' })).toEqual([]);
    expect(postmarkEvents({ ...bounceWebhook, RecordType: 'SomethingNew' })).toEqual([]);
  });

  it('yields nothing, and never throws, for malformed bodies', () => {
    for (const body of [null, undefined, 'Bounce', 42, [], [bounceWebhook], {}]) {
      expect(postmarkEvents(body)).toEqual([]);
    }
    expect(postmarkEvents({ ...bounceWebhook, Email: 7 })).toEqual([]);
    expect(postmarkEvents({ ...bounceWebhook, Email: '  ' })).toEqual([]);
    expect(postmarkEvents({ ...bounceWebhook, BouncedAt: 'yesterday' })).toEqual([]);
    expect(postmarkEvents({ ...bounceWebhook, BouncedAt: undefined })).toEqual([]);
    expect(postmarkEvents({ ...subscriptionChangeWebhook, Recipient: ['a@b.c'] })).toEqual([]);
    expect(postmarkEvents({ ...subscriptionChangeWebhook, SuppressSending: 'true' })).toEqual([]);
  });
});

describe('postmarkAuthorized', () => {
  const expected = { user: 'postmark', password: 's3cret:with-colon' };
  const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

  it('accepts the configured credentials', () => {
    expect(postmarkAuthorized(basic('postmark:s3cret:with-colon'), expected)).toBe(true);
    expect(postmarkAuthorized(basic('postmark:s3cret:with-colon').replace('Basic', 'basic'), expected)).toBe(
      true,
    );
  });

  it('refuses a wrong user or password, or a missing header', () => {
    expect(postmarkAuthorized(basic('postmark:s3cret'), expected)).toBe(false);
    expect(postmarkAuthorized(basic('postmar:s3cret:with-colon'), expected)).toBe(false);
    expect(postmarkAuthorized(basic('postmark:s3cret:with-colon2'), expected)).toBe(false);
    expect(postmarkAuthorized(basic('postmarks3cret:with-colon'), expected)).toBe(false);
    expect(postmarkAuthorized(undefined, expected)).toBe(false);
    expect(postmarkAuthorized('', expected)).toBe(false);
  });

  it('refuses other schemes and malformed values', () => {
    expect(postmarkAuthorized('Bearer cG9zdG1hcms6czNjcmV0', expected)).toBe(false);
    expect(postmarkAuthorized('Basic', expected)).toBe(false);
    expect(postmarkAuthorized('Basic !!!', expected)).toBe(false);
    expect(postmarkAuthorized(basic('no colon at all'), expected)).toBe(false);
  });

  it('never matches when the expected credentials are not set', () => {
    expect(postmarkAuthorized(basic(':'), { user: '', password: '' })).toBe(false);
    expect(postmarkAuthorized(basic('postmark:'), { user: 'postmark', password: '' })).toBe(false);
  });
});
