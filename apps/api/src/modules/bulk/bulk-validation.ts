import type { ClientsRepository } from '../clients';
import type { BulkRepository, QueueRow } from './bulk.repository';
import { realtorMatchKey } from '@homeminder/shared/contracts/bulk';
import { validateRow, key, storedError, type Lookups, type Verdict } from './bulk-rows';

/** The queue's rows validated against the corporation as it is now. */
export function bulkValidation(
  clients: Pick<ClientsRepository, 'realtors' | 'frequencies'>,
  bulk: BulkRepository,
) {
  /** The corporation's realtors, the reminder catalogue and the frequencies, by name. */
  async function lookups(tenantId: string): Promise<Lookups> {
    const realtors = await clients.realtors(tenantId);
    const reminders = await bulk.activeReminders(tenantId);
    const frequencies = await bulk.frequencies();
    const intervals = await clients.frequencies();
    const enabled = realtors.filter((r) => r.enabled);
    const realtorsByName = new Map<string, string[]>();
    for (const realtor of enabled) {
      const name = realtorMatchKey(`${realtor.firstName} ${realtor.lastName}`);
      realtorsByName.set(name, [...(realtorsByName.get(name) ?? []), realtor.id]);
    }
    return {
      realtorByEmail: new Map(enabled.map((r) => [key(r.email), r.id])),
      realtorsByName,
      realtorEmailById: new Map(enabled.map((r) => [r.id.toLowerCase(), r.email])),
      reminderByName: new Map(reminders.map((r) => [key(r.name), r])),
      frequencyByName: new Map(frequencies.map((f) => [key(f.name), f.id])),
      intervalOf: new Map(intervals.map((f) => [f.id, f.intervalMonths])),
    };
  }

  /**
   * Every row of the queue validated now: a row's own problem first, then its email's. With `part`,
   * only the rows of that part, validated against `found` when given.
   */
  async function validatedQueue(
    tenantId: string,
    part?: { afterId: number; limit: number },
    given?: Lookups,
  ) {
    const rows = await bulk.queue(tenantId, part);
    const found = given ?? (await lookups(tenantId));
    return {
      lookups: found,
      rows: rows.map((row) => {
        const own = validateRow(row.data, found);
        const verdict: Verdict = !own.ok ? own : row.emailError ? { ok: false, error: row.emailError } : own;
        return { row, own, verdict };
      }),
    };
  }

  /** Stores verdicts that changed since the rows were written, so the grid shows them. */
  async function refreshStoredErrors(
    tenantId: string,
    validated: Array<{ row: QueueRow; own: Verdict }>,
    at: Date,
  ) {
    const changed = validated
      .filter(({ row, own }) => row.status === 'queued' && row.storedError !== storedError(own))
      .map(({ row, own }) => ({ id: row.id, error: storedError(own) }));
    if (changed.length > 0) await bulk.setErrors(tenantId, changed, at);
  }

  return { lookups, validatedQueue, refreshStoredErrors };
}
