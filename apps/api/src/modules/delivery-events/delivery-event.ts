import { AppError } from '../../lib/errors';

/**
 * What a mail relay tells us after a message left: an address that bounced, a recipient who marked
 * a message as spam, or one who unsubscribed at the relay. Each provider's webhook is read into
 * this one shape (providers/), so the service decides what each means in one place.
 */
export const deliveryProviders = ['ses', 'postmark', 'sendgrid', 'dsn'] as const;
export type DeliveryProvider = (typeof deliveryProviders)[number];

export type DeliveryEventKind = 'bounce' | 'complaint' | 'unsubscribe';

export interface DeliveryEvent {
  provider: DeliveryProvider;
  /** The provider's own id of the event, so that a payload delivered twice is acted on once. */
  eventId: string;
  kind: DeliveryEventKind;
  /**
   * A bounce the mailbox will never accept (no such user, domain gone). A soft bounce (mailbox
   * full, greylisting) is left to the sender's own retries and suppresses nothing.
   */
  permanent: boolean;
  /** The recipient's address, as the provider gives it. */
  address: string;
  /** The provider's words for why (a DSN's diagnostic code, a bounce description), when given. */
  detail: string | null;
  /** When the relay saw it. */
  at: Date;
}

/** A webhook whose signature or credentials do not hold: refused with 403, and nothing is changed. */
export class UnverifiedDeliveryEventError extends AppError {
  constructor(message: string) {
    super(403, [message]);
  }
}
