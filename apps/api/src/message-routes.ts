import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import type { AuditService } from './modules/audit';
import { deliveryEventsRepository } from './modules/delivery-events/delivery-events.repository';
import { deliveryEventRoutes, type DeliveryWebhooks } from './modules/delivery-events/delivery-events.routes';
import { deliveryEventsService, type FetchText } from './modules/delivery-events/delivery-events.service';
import type { MailService } from './modules/mail/mail.service';
import { oneClickUnsubscribeRoutes } from './modules/mail/one-click.routes';
import {
  textEventsRepository,
  textEventsService,
  textsRepository,
  textWebhookRoutes,
  type TwilioSettings,
} from './modules/texts';

/**
 * The routes that hear about messages after they left (docs/decisions/101, 104 and 106): a mail
 * program's one-click unsubscribe, the mail relays' reports, the text provider's reports and
 * replies, and a text's short link.
 */
export async function registerMessageRoutes(
  api: FastifyInstance,
  options: {
    db: Database;
    audit: AuditService;
    mail: MailService;
    deliveryWebhooks?: DeliveryWebhooks | undefined;
    fetchText?: FetchText | undefined;
    twilio?: TwilioSettings | null | undefined;
    portalUrl: string;
    now: () => Date;
  },
) {
  const { db, audit, now } = options;
  await api.register(oneClickUnsubscribeRoutes, { mail: options.mail });
  await api.register(deliveryEventRoutes, {
    deliveryEvents: deliveryEventsService({
      events: deliveryEventsRepository(db),
      audit,
      fetchText: options.fetchText,
      now,
    }),
    webhooks: options.deliveryWebhooks ?? {},
    now,
  });
  await api.register(textWebhookRoutes, {
    events: textEventsService({ events: textEventsRepository(db), audit, now }),
    texts: textsRepository(db),
    twilio: options.twilio ?? null,
    portalUrl: options.portalUrl,
  });
}
