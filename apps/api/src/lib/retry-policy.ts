/**
 * How the outboxes, of emails and of texts, try again (docs/decisions/026) and lease a claimed
 * batch (docs/decisions/065).
 */
export const retryPolicy = {
  /** The first retry waits this long; each further one twice as long ... */
  firstDelayMs: 30_000,
  /** ... up to this. */
  maxDelayMs: 60 * 60_000,
  /** Permanent refusals (SMTP 5xx) give up after this many attempts; outages never give up. */
  maxPermanentAttempts: 3,
  /** A claimed message not settled by then (the process died mid-send) is tried again. */
  leaseMs: 5 * 60_000,
  /**
   * A claimed message is begun only this long after its claim at the latest: one send, bounded by
   * the transport's time-outs, then ends well inside the lease, so no other process claims a
   * message while it is still being sent.
   */
  startWithinMs: 2.5 * 60_000,
} as const;

export function retryDelayMs(attempts: number): number {
  return Math.min(retryPolicy.maxDelayMs, retryPolicy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}
