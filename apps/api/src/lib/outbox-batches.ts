/**
 * Sends an outbox (of emails or of texts) batch after batch until a batch handles fewer than
 * `batchSize` messages, so nothing more is due, or `stopped()` says to end; returns each count
 * summed over the batches. Every count of a batch is of messages it handled.
 */
export async function sendInBatches<Count extends string>(
  sendBatch: () => Promise<Record<Count, number>>,
  options: { batchSize: number; none: Record<Count, number>; stopped?: () => boolean },
): Promise<Record<Count, number>> {
  const { batchSize, none, stopped = () => false } = options;
  const total = { ...none };
  while (!stopped()) {
    const batch = await sendBatch();
    let handled = 0;
    for (const count of Object.keys(total) as Count[]) {
      total[count] += batch[count];
      handled += batch[count];
    }
    if (handled < batchSize) break;
  }
  return total;
}
