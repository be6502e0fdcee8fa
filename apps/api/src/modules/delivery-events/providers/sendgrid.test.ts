import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  sendgridKeys as keys,
  sendgridSampleBody as sampleBody,
  sendgridSigned,
} from '../../../test/relay-reports';
import { UnverifiedDeliveryEventError } from '../delivery-event';
import { sendgridEvents } from './sendgrid';

// SendGrid's sample events (twilio.com/docs/sendgrid/for-developers/tracking-events/event, "an event
// response that includes an example of each type of event"), trimmed of engagement details. Every
// sample event carries the placeholder sg_event_id "sg_event_id"; real ones are unique.

// A block as SendGrid sends it (`type` "blocked", no `status`), from a report of a live payload.
const blockedEvent = {
  bounce_classification: 'Unclassified',
  email: 'noemail@this.does.not.exist.tld',
  event: 'bounce',
  reason: 'unable to get mx info: failed to get IPs from PTR record: lookup <nil>: unrecognized address',
  sg_event_id: 'Ym91bmNlLTQtNTA0ODUxOTUtZXVvMmlLeGRTYXlQRjRZRTQtLUk3QS0w',
  sg_message_id: 'euo2iKxdSayPF4YE4--I7A.recvd-5f54b5d587-pczjm-1-67BADEEA-6.0',
  'smtp-id': '<870b3a2a-160c-4fc8-bc9a-bd0d5b943b81@forum.umbraco.com>',
  timestamp: 1740300320,
  tls: 0,
  type: 'blocked',
};

const sendgrid = keys();
const signed = (body: string, timestamp: string, privateKey = sendgrid.privateKey) =>
  sendgridSigned(body, timestamp, privateKey);

const now = new Date('2026-03-01T12:00:00Z');
const nowSeconds = String(now.getTime() / 1000);
const read = (body: string, headers: { signature?: string; timestamp?: string }, at = now) =>
  sendgridEvents(body, headers, sendgrid.publicKeyBase64, at);

describe('sendgridEvents: reading', () => {
  it("reads SendGrid's sample events, ignoring those that say nothing of deliverability", () => {
    const base = {
      provider: 'sendgrid',
      eventId: 'sg_event_id',
      address: 'example@test.com',
      at: new Date(1513299569 * 1000),
    };
    expect(read(sampleBody, signed(sampleBody, nowSeconds))).toEqual([
      { ...base, kind: 'bounce', permanent: true, detail: '500 unknown recipient' },
      { ...base, kind: 'bounce', permanent: true, detail: 'Bounced Address' },
      { ...base, kind: 'complaint', permanent: true, detail: null },
      { ...base, kind: 'unsubscribe', permanent: true, detail: null },
      { ...base, kind: 'unsubscribe', permanent: true, detail: null },
    ]);
  });

  it('reads a block (type "blocked") as a bounce that is not permanent', () => {
    const body = JSON.stringify([blockedEvent, { ...blockedEvent, type: 'bounce', sg_event_id: 'hard' }]);
    expect(read(body, signed(body, nowSeconds))).toEqual([
      {
        provider: 'sendgrid',
        eventId: 'Ym91bmNlLTQtNTA0ODUxOTUtZXVvMmlLeGRTYXlQRjRZRTQtLUk3QS0w',
        kind: 'bounce',
        permanent: false,
        address: 'noemail@this.does.not.exist.tld',
        detail: blockedEvent.reason,
        at: new Date('2025-02-23T08:45:20Z'),
      },
      expect.objectContaining({ eventId: 'hard', permanent: true }),
    ]);
  });

  it('reads only drops for a bounced address as bounces', () => {
    const drop = (reason: string) => ({ ...blockedEvent, event: 'dropped', reason, sg_event_id: reason });
    const body = JSON.stringify([
      drop('Unsubscribed Address'),
      drop('Spam Reporting Address'),
      drop('Invalid'),
    ]);
    expect(read(body, signed(body, nowSeconds))).toEqual([]);
  });

  it('skips malformed events and reads nothing from a signed body that is not an array', () => {
    const body = JSON.stringify([
      null,
      'bounce',
      { ...blockedEvent, email: 42 },
      { ...blockedEvent, sg_event_id: undefined },
      { ...blockedEvent, timestamp: 'yesterday' },
      { ...blockedEvent, sg_event_id: 'ok', type: 'bounce' },
    ]);
    expect(read(body, signed(body, nowSeconds)).map((event) => event.eventId)).toEqual(['ok']);
    for (const other of ['{"event":"bounce"}', 'not json', '']) {
      expect(read(other, signed(other, nowSeconds))).toEqual([]);
    }
  });
});

describe('sendgridEvents: the signature', () => {
  const refused = (call: () => unknown) => expect(call).toThrow(UnverifiedDeliveryEventError);

  it('refuses a tampered body', () => {
    const headers = signed(sampleBody, nowSeconds);
    refused(() => read(sampleBody.replace('"spamreport"', '"delivered"'), headers));
    refused(() => read(sampleBody.trim(), headers)); // the bytes signed, not the JSON they parse to
  });

  it('refuses a tampered or foreign signature', () => {
    const { signature } = signed(sampleBody, nowSeconds);
    const flipped = Buffer.from(signature, 'base64');
    flipped[flipped.length - 1]! ^= 1;
    refused(() => read(sampleBody, { timestamp: nowSeconds, signature: flipped.toString('base64') }));
    refused(() => read(sampleBody, signed(sampleBody, nowSeconds, keys().privateKey)));
    refused(() => read(sampleBody, { timestamp: nowSeconds, signature: 'bm90IGEgc2lnbmF0dXJl' }));
    refused(() => read(sampleBody, { timestamp: nowSeconds, signature: 'not base64 at all!' }));
  });

  it('refuses a request without its signature or timestamp', () => {
    const { signature } = signed(sampleBody, nowSeconds);
    refused(() => read(sampleBody, { timestamp: nowSeconds }));
    refused(() => read(sampleBody, { signature }));
    refused(() => read(sampleBody, {}));
    refused(() => read(sampleBody, { signature, timestamp: '' }));
  });

  it('refuses a timestamp other than the one signed', () => {
    const { signature } = signed(sampleBody, nowSeconds);
    refused(() => read(sampleBody, { signature, timestamp: String(Number(nowSeconds) + 1) }));
  });

  it('refuses a stale or future timestamp, even signed, and accepts one within ten minutes', () => {
    const secondsFromNow = (seconds: number) => String(Number(nowSeconds) + seconds);
    refused(() => read(sampleBody, signed(sampleBody, secondsFromNow(-11 * 60))));
    refused(() => read(sampleBody, signed(sampleBody, secondsFromNow(11 * 60))));
    refused(() => read(sampleBody, signed(sampleBody, '1513299569')));
    refused(() => read(sampleBody, signed(sampleBody, `${nowSeconds}.5`)));
    expect(read(sampleBody, signed(sampleBody, secondsFromNow(-9 * 60)))).toHaveLength(5);
  });

  it('fails loudly, not as an unverified request, when the configured key is not a P-256 key', () => {
    const headers = signed(sampleBody, nowSeconds);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ format: 'der', type: 'spki' })
      .toString('base64');
    for (const key of ['', 'bm90IGEga2V5', rsa]) {
      const call = () => sendgridEvents(sampleBody, headers, key, now);
      expect(call).toThrow(Error);
      expect(call).not.toThrow(UnverifiedDeliveryEventError);
    }
  });
});
