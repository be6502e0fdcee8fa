import {
  postmarkExamples,
  sendgridKeys,
  sendgridSampleBody,
  snsNotification,
  sesExamples,
  snsSubscriptionConfirmation,
  type testRelays,
} from '../relay-reports';
import type { ContractRun } from './runner';

const json = { 'content-type': 'application/json' };

/** The mail relays' webhooks: each relay's sample report taken, and refused when not proven. */
export async function mailRelayCalls({ call }: ContractRun, relays: ReturnType<typeof testRelays>) {
  const bounce = JSON.stringify(postmarkExamples.bounce);
  await call('POST /api/mail/events/postmark', 200, {
    body: bounce,
    headers: { ...json, authorization: relays.postmarkAuthorization() },
  });
  await call('POST /api/mail/events/postmark', 400, {
    body: '{"RecordType": "Bounce",',
    headers: { ...json, authorization: relays.postmarkAuthorization() },
  });
  await call('POST /api/mail/events/postmark', 403, {
    body: bounce,
    headers: { ...json, authorization: relays.postmarkAuthorization('not-the-password') },
  });

  await call('POST /api/mail/events/sendgrid', 200, {
    body: sendgridSampleBody,
    headers: { ...json, ...relays.sendgridHeaders(sendgridSampleBody) },
  });
  await call('POST /api/mail/events/sendgrid', 403, {
    body: sendgridSampleBody,
    headers: { ...json, ...relays.sendgridHeaders(sendgridSampleBody, sendgridKeys().privateKey) },
  });

  const text = { 'content-type': 'text/plain; charset=UTF-8' };
  await call('POST /api/mail/events/ses', 200, {
    body: JSON.stringify(snsSubscriptionConfirmation()),
    headers: text,
  });
  const forged = { ...snsNotification(sesExamples.bounceWithDsn), Message: '{}' };
  await call('POST /api/mail/events/ses', 403, { body: JSON.stringify(forged), headers: text });
}
