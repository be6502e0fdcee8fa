import { setImmediate } from 'node:timers/promises';
import { bulkMessages, type BulkProcessResult } from '@homeminder/shared/contracts/bulk';
import { clientMessages, type ClientSetup } from '@homeminder/shared/contracts/clients';
import { licenseHasEnded, licenseMessages } from '@homeminder/shared/license';
import type { Database } from '../../db/client';
import { withTenant } from '../../db/data-scope';
import { AppError, ConflictError } from '../../lib/errors';
import { metrics } from '../../lib/metrics';
import type { AuditService } from '../audit';
import { type ClientsRepository, createNewClients } from '../clients';
import { defaultRemindersRepository } from '../corporations';
import { bulkRepository, type QueueRow } from './bulk.repository';
import type { bulkValidation } from './bulk-validation';
import { validateRow, key } from './bulk-rows';

/** Rows processed together in one transaction (ADR 032). */
export const bulkBatchRows = 500;

/**
 * Rows a batch holds on the embedded database, which runs one statement at a time for the whole
 * process: a smaller batch keeps every other request's wait short (docs/decisions/075).
 */
export const embeddedBulkBatchRows = 100;

/** Queue rows read and validated in one transaction before processing starts. */
export const bulkQueueReadRows = 2500;

/**
 * Lets the requests that arrived meanwhile run. PGlite responds in the same process without
 * waiting on any I/O, so a loop of its transactions would otherwise never give them a turn.
 */
const letOthersIn = () => setImmediate();

/** Who processes: the user the audit log names, and their address. */
export interface Actor {
  actorUserId: string;
  ip: string;
}

/** What a batch did; `licensesLeft` is false once a row found no free license. */
interface BatchOutcome extends BulkProcessResult {
  licensesLeft: boolean;
}

/** A batch that has done nothing yet. */
function noOutcome(licensesLeft: boolean): BatchOutcome {
  return { created: 0, createdPending: 0, errors: {}, needsLicenses: 0, licensesLeft };
}

function addOutcome(total: BulkProcessResult, batch: BatchOutcome) {
  total.created += batch.created;
  total.createdPending += batch.createdPending;
  total.needsLicenses += batch.needsLicenses;
  Object.assign(total.errors, batch.errors);
}

interface Dependencies {
  db: Database;
  clients: Pick<ClientsRepository, 'licenseUse' | 'transaction'>;
  audit: AuditService;
  validating: ReturnType<typeof bulkValidation>;
  now: () => Date;
  logError?: ((error: unknown, context: Record<string, unknown>) => void) | undefined;
  batchRows: number;
}

/** Turning the queue's valid rows into clients, batch by batch. */
export function bulkProcessing({ db, clients, audit, validating, now, logError, batchRows }: Dependencies) {
  const bulk = bulkRepository(db);
  const defaults = defaultRemindersRepository(db);
  const { lookups, validatedQueue, refreshStoredErrors } = validating;

  /**
   * Processes the corporation's queue. Every database call of processing is made here, under
   * `tenantId`: the queue validated once, then one transaction per batch of valid rows. With
   * `waitingAsPending`, a row that finds no free license is created pending (using none) instead
   * of waiting in the queue.
   */
  async function processQueue(
    tenantId: string,
    actor: Actor,
    waitingAsPending = false,
  ): Promise<BulkProcessResult> {
    const at = now();
    // Every row would be created enabled: after the license's last day, none may be (pending may).
    const license = await withTenant(db, tenantId, () => clients.licenseUse(tenantId));
    if (!waitingAsPending && licenseHasEnded(license.endsOn, license.timeZone, at)) {
      throw new ConflictError(licenseMessages.ended(license.endsOn!));
    }
    const { found, defaultSet } = await withTenant(db, tenantId, async () => ({
      found: await lookups(tenantId),
      defaultSet: await defaults.list(tenantId),
    }));
    // The queue is validated a part at a time, each part against the whole queue, so that no
    // transaction reads all of a large queue at once.
    const rows: Awaited<ReturnType<typeof validatedQueue>>['rows'] = [];
    for (let afterId = 0; ;) {
      await letOthersIn();
      const part = await withTenant(db, tenantId, async () => {
        const validated = await validatedQueue(tenantId, { afterId, limit: bulkQueueReadRows }, found);
        await refreshStoredErrors(tenantId, validated.rows, at);
        return validated.rows;
      });
      rows.push(...part);
      if (part.length < bulkQueueReadRows) break;
      afterId = part.at(-1)!.row.id;
    }
    // A row that names no reminders gets the corporation's default set (docs/decisions/060).
    const defaultSubscriptions: ClientSetup['subscriptions'] = defaultSet.map((item) => ({
      reminderID: item.reminderId,
      maintenanceFrequencyID: item.maintenanceFrequencyId,
    }));
    const withDefaults = (setup: ClientSetup): ClientSetup =>
      setup.subscriptions.length > 0 ? setup : { ...setup, subscriptions: defaultSubscriptions };

    const result: BulkProcessResult = { created: 0, createdPending: 0, errors: {}, needsLicenses: 0 };
    const ready: QueueRow[] = [];
    for (const { row, verdict } of rows) {
      if (verdict.ok) ready.push(row);
      else result.errors[row.itemGuid] = verdict.error;
    }

    /**
     * One batch in one transaction: its rows claimed (FOR UPDATE SKIP LOCKED) and validated again as
     * they are now, the license counted once with the corporation row locked, then the clients
     * created set-based and the rows marked processed or failed. Each row gets the outcome it
     * would get alone, in queue order: a realtor or email taken meanwhile fails that row only; the
     * first row without a free license ends creating, and it and the valid rows after it wait.
     */
    const batchTransaction = (batch: QueueRow[], licensesLeft: boolean) =>
      withTenant(db, tenantId, () =>
        clients.transaction(async (repository, tx): Promise<BatchOutcome> => {
          const queue = bulkRepository(tx);
          const outcome = noOutcome(licensesLeft);
          const claimed = await queue.claim(
            tenantId,
            batch.map((row) => row.id),
          );
          const verdicts = new Map([...claimed].map(([id, data]) => [id, validateRow(data, found)]));
          const setups = [...verdicts.values()].flatMap((verdict) => (verdict.ok ? [verdict.setup] : []));
          const toCheck = licensesLeft ? setups : [];
          const taken = await repository.takenEmails(
            tenantId,
            toCheck.map((setup) => key(setup.clientUser.email)),
          );
          const realtors = toCheck.some((setup) => setup.realtorID)
            ? new Set((await repository.realtors(tenantId)).map((realtor) => realtor.id))
            : new Set<string>();
          let free = 0;
          if (toCheck.length > 0) {
            const { licensed, used, endsOn, timeZone } = await repository.licenseUse(tenantId, {
              lock: true,
            });
            // A license that ended meanwhile leaves the rows queued, as if none were free.
            free = licenseHasEnded(endsOn, timeZone, at) ? 0 : licensed - used;
          }

          const failed: Array<{ id: number; message: string }> = [];
          const fail = (row: QueueRow, message: string) => {
            failed.push({ id: row.id, message });
            outcome.errors[row.itemGuid] = message;
          };
          const toCreate: Array<{ row: QueueRow; setup: ClientSetup }> = [];
          const emailsCreated = new Set<string>();
          for (const row of batch) {
            const verdict = verdicts.get(row.id);
            // Held or already processed by another run: that run reports it.
            if (!verdict) {
              if (!outcome.licensesLeft) outcome.needsLicenses += 1;
              continue;
            }
            if (!verdict.ok) {
              outcome.errors[row.itemGuid] = verdict.error;
              continue;
            }
            if (!outcome.licensesLeft) {
              outcome.needsLicenses += 1;
              continue;
            }
            const { setup } = verdict;
            const email = key(setup.clientUser.email);
            if (setup.realtorID && !realtors.has(setup.realtorID.toLowerCase())) {
              fail(row, clientMessages.realtorUnknown);
            } else if (taken.has(email) || emailsCreated.has(email)) {
              fail(row, clientMessages.emailTaken);
            } else if (free <= 0 && waitingAsPending) {
              // A pending property uses no license, so the row need not wait for one.
              emailsCreated.add(email);
              toCreate.push({ row, setup: { ...setup, property: { ...setup.property, pending: true } } });
            } else if (free <= 0) {
              outcome.licensesLeft = false;
              outcome.needsLicenses += 1;
            } else {
              free -= 1;
              emailsCreated.add(email);
              toCreate.push({ row, setup });
            }
          }

          const clientIds = await createNewClients(
            repository,
            tx,
            audit,
            { tenantId, actorUserId: actor.actorUserId, ip: actor.ip, at, intervalOf: found.intervalOf },
            toCreate.map(({ row, setup }) => ({
              setup: withDefaults(setup),
              auditDetails: { source: 'bulk-upload', bulkItemId: row.itemGuid },
            })),
          );
          const processed: Array<{ id: number; clientUserId: string }> = [];
          toCreate.forEach(({ row, setup }, index) => {
            const clientUserId = clientIds[index];
            // Null: a client with the email was added by someone else since the check above.
            if (clientUserId) {
              processed.push({ id: row.id, clientUserId });
              if (setup.property.pending) outcome.createdPending += 1;
            } else fail(row, clientMessages.emailTaken);
          });
          await queue.markProcessed(tenantId, processed, at);
          await queue.markFailed(tenantId, failed, at);
          outcome.created = processed.length;
          return outcome;
        }),
      );

    /**
     * A batch, or, when its transaction fails (a database error no check foresaw), each of its
     * rows again in a transaction of its own, so one bad row does not hold back the others. A row
     * that fails alone is marked failed with a plain message; its details go to the log.
     */
    async function processBatch(batch: QueueRow[], licensesLeft: boolean): Promise<BatchOutcome> {
      try {
        return await batchTransaction(batch, licensesLeft);
      } catch (error) {
        if (batch.length > 1) {
          const outcome = noOutcome(licensesLeft);
          for (const row of batch) {
            if (!outcome.licensesLeft) {
              outcome.needsLicenses += 1;
              continue;
            }
            await letOthersIn();
            const alone = await processBatch([row], true);
            addOutcome(outcome, alone);
            outcome.licensesLeft = alone.licensesLeft;
          }
          return outcome;
        }
        const [row] = batch as [QueueRow];
        const message = error instanceof AppError ? error.messages[0]! : bulkMessages.processFailed;
        if (!(error instanceof AppError)) logError?.(error, { tenantId, bulkItemId: row.itemGuid });
        await withTenant(db, tenantId, () => bulk.markFailed(tenantId, [{ id: row.id, message }], now()));
        return {
          created: 0,
          createdPending: 0,
          errors: { [row.itemGuid]: message },
          needsLicenses: 0,
          licensesLeft,
        };
      }
    }

    let licensesLeft = true;
    for (let start = 0; start < ready.length; start += batchRows) {
      const batch = ready.slice(start, start + batchRows);
      if (!licensesLeft) {
        result.needsLicenses += batch.length;
        continue;
      }
      await letOthersIn();
      const outcome = await processBatch(batch, licensesLeft);
      metrics.bulkRowsProcessed.inc(outcome.created);
      addOutcome(result, outcome);
      licensesLeft = outcome.licensesLeft;
    }

    await audit.record({
      tenantId,
      actorUserId: actor.actorUserId,
      action: 'bulk.processed',
      recordType: 'bulk-queue',
      details: {
        rows: rows.length,
        created: result.created,
        createdPending: result.createdPending,
        errors: Object.keys(result.errors).length,
        needsLicenses: result.needsLicenses,
      },
      ipAddress: actor.ip,
    });
    return result;
  }

  return processQueue;
}
