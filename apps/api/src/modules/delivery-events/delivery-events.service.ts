import type { AuditEntry, AuditService } from '../audit';
import { LruMap } from '../../lib/lru-map';
import { UnverifiedDeliveryEventError, type DeliveryEvent } from './delivery-event';
import type { DeliveryEventsRepository, RecordedEvent } from './delivery-events.repository';
import { dsnEvents, dsnMessageId } from './providers/dsn';
import {
  sesEvents,
  snsSigningCertUrlAllowed,
  snsUrlAllowed,
  verifySnsMessage,
  type SnsMessage,
} from './providers/ses';

/** Reads a text over HTTPS: SNS's signing certificate, or its subscription confirmation. */
export type FetchText = (url: string) => Promise<string>;

export const fetchTextOverHttps: FetchText = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  if (!response.ok) throw new Error(`${new URL(url).host} responded ${response.status}`);
  return response.text();
};

function auditEntriesOf(event: DeliveryEvent, recorded: RecordedEvent): AuditEntry[] {
  const details = { provider: event.provider, ...(event.detail && { detail: event.detail.slice(0, 300) }) };
  const entry = (action: AuditEntry['action'], client: RecordedEvent['suppressed'][number]): AuditEntry => ({
    tenantId: client.tenantId,
    actorUserId: null,
    action,
    recordType: 'client-user',
    recordId: client.clientUserId,
    details,
  });
  return [
    ...recorded.suppressed.map((client) =>
      entry(event.kind === 'complaint' ? 'client.marked-spam' : 'client.email-bounced', client),
    ),
    ...recorded.unsubscribed.map((client) => entry('client.unsubscribed', client)),
  ];
}

/**
 * What the mail relays report after delivery (docs/decisions/101): each provider's webhook is read
 * into events (providers/), and each event is acted on once, with its audit entries, in one
 * transaction. Network calls (SNS's certificate) are made before any database work.
 */
export function deliveryEventsService({
  events,
  audit,
  fetchText = fetchTextOverHttps,
  now = () => new Date(),
}: {
  events: DeliveryEventsRepository;
  audit: Pick<AuditService, 'recordMany'>;
  fetchText?: FetchText;
  now?: () => Date;
}) {
  // SNS signs with a few certificates that change seldom: each is fetched once per process.
  const certificates = new LruMap<string, string>(8);

  async function certificateOf(url: string) {
    if (!snsSigningCertUrlAllowed(url))
      throw new UnverifiedDeliveryEventError('Not an SNS signing certificate.');
    const known = certificates.get(url);
    if (known) return known;
    const pem = await fetchText(url);
    certificates.set(url, pem);
    return pem;
  }

  async function receive(list: DeliveryEvent[]): Promise<number> {
    let acted = 0;
    for (const event of list) {
      const recorded = await events.record(event, now(), (done, tx) =>
        audit.recordMany(auditEntriesOf(event, done), tx),
      );
      if (recorded) acted += 1;
    }
    return acted;
  }

  return {
    receive,

    /**
     * A message the bounce mailbox took for the outbox message `outboxId` (docs/decisions/104):
     * only failures of that message's own recipient count, since the recipient sees the return
     * path and could write to it, but must not stop mail to anyone else. Null when it reports no
     * failure at all (an auto-reply, a delay).
     */
    async receiveDsn(outboxId: string, rawMessage: string): Promise<number | null> {
      const list = dsnEvents(rawMessage, dsnMessageId(rawMessage), now());
      if (list.length === 0) return null;
      const recipient = (await events.outboxRecipient(outboxId))?.trim().toLowerCase();
      return receive(list.filter((event) => event.address.trim().toLowerCase() === recipient));
    },

    /**
     * Amazon SES's notifications, delivered by SNS: only from the configured topic and with SNS's
     * signature. A subscription to the topic is confirmed by visiting the address SNS gives.
     */
    async receiveSns(message: SnsMessage, topicArn: string): Promise<number> {
      if (message.TopicArn !== topicArn)
        throw new UnverifiedDeliveryEventError('Not the configured SNS topic.');
      if (!verifySnsMessage(message, await certificateOf(message.SigningCertURL))) {
        throw new UnverifiedDeliveryEventError('The SNS signature does not verify.');
      }
      if (message.Type === 'SubscriptionConfirmation') {
        if (!message.SubscribeURL || !snsUrlAllowed(message.SubscribeURL)) {
          throw new UnverifiedDeliveryEventError('Not an SNS subscription address.');
        }
        await fetchText(message.SubscribeURL);
        return 0;
      }
      return receive(sesEvents(message));
    },
  };
}
export type DeliveryEventsService = ReturnType<typeof deliveryEventsService>;
