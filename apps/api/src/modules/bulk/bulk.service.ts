import {
  bulkMessages,
  bulkQueueMaxRows,
  checkBulkRow,
  parseBulkReminders,
  type BulkEmailUniqueResult,
  type BulkItem,
  type BulkPage,
  type BulkPageFilter,
  type BulkPreview,
  type BulkProcessResult,
  type BulkQueueResult,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import { adminMessages } from '@homeminder/shared/contracts/admin';
import { clientMessages, type ClientSetup } from '@homeminder/shared/contracts/clients';
import { licenseEndedOn, licenseHasEnded, licenseMessages } from '@homeminder/shared/license';
import { Privilege } from '@homeminder/shared/permissions';
import type { Database } from '../../db/client';
import { withDataScope, withTenant, type DataScope } from '../../db/data-scope';
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { metrics } from '../../lib/metrics';
import { hasPrivilege, tenantMessages, type AuthContext } from '../../plugins/auth';
import type { AuditService } from '../audit/audit.service';
import type { ClientsRepository } from '../clients/clients.repository';
import { createNewClients } from '../clients/clients.service';
import { bulkRepository, type BulkRepository, type QueueRow } from './bulk.repository';

/** Who asks: the signed-in user and their address, for the audit log. */
export interface Caller {
  auth: AuthContext;
  ip: string;
}

interface Dependencies {
  db: Database;
  /** The clients module's data access: clients are created through its set-up, never copied. */
  clients: ClientsRepository;
  audit: AuditService;
  now?: () => Date;
  /** Where an unexpected failure of one row is logged (the row itself gets a plain message). */
  logError?: (error: unknown, context: Record<string, unknown>) => void;
  /** Rows per processing transaction; `bulkBatchRows` unless a test wants more, smaller batches. */
  batchRows?: number;
}

/** Rows processed together in one transaction (ADR 032). */
export const bulkBatchRows = 500;

/** Who processes: the user the audit log names, and their address. */
interface Actor {
  actorUserId: string;
  ip: string;
}

/** What a batch did; `licensesLeft` is false once a row found no free license. */
interface BatchOutcome extends BulkProcessResult {
  licensesLeft: boolean;
}

function addOutcome(total: BulkProcessResult, batch: BatchOutcome) {
  total.created += batch.created;
  total.needsLicenses += batch.needsLicenses;
  Object.assign(total.errors, batch.errors);
}

/** What a row needs from the database to be judged: realtors, reminders and frequencies by name. */
interface Lookups {
  realtorByEmail: Map<string, string>;
  reminderByName: Map<string, { id: string; defaultFrequencyId: number }>;
  frequencyByName: Map<string, number>;
  intervalOf: Map<number, number>;
}

type Verdict = { ok: true; setup: ClientSetup } | { ok: false; error: string };

const key = (text: string) => text.trim().toLowerCase();

/**
 * A row under the shared field rules, then against the corporation's realtors and the reminder
 * catalogue: the set-up it becomes, or its first problem.
 */
export function judgeRow(data: BulkRowData, lookups: Lookups): Verdict {
  const checked = checkBulkRow(data);
  if (!checked.ok) return { ok: false, error: checked.error };
  const row = checked.row;
  let realtorID: string | undefined;
  if (row.realtorEmail) {
    realtorID = lookups.realtorByEmail.get(key(row.realtorEmail));
    if (!realtorID) return { ok: false, error: `Realtor email: ${bulkMessages.realtorUnknown}` };
  }
  const subscriptions: ClientSetup['subscriptions'] = [];
  const seen = new Set<string>();
  for (const reference of parseBulkReminders(row.reminders)) {
    const reminder = lookups.reminderByName.get(key(reference.name));
    if (!reminder) return { ok: false, error: `Reminders: ${bulkMessages.reminderUnknown(reference.name)}` };
    if (seen.has(reminder.id))
      return { ok: false, error: `Reminders: ${bulkMessages.reminderTwice(reference.name)}` };
    seen.add(reminder.id);
    let frequencyId = reminder.defaultFrequencyId;
    if (reference.frequency) {
      const named = lookups.frequencyByName.get(key(reference.frequency));
      if (named === undefined)
        return { ok: false, error: `Reminders: ${bulkMessages.frequencyUnknown(reference.frequency)}` };
      frequencyId = named;
    }
    subscriptions.push({ reminderID: reminder.id, maintenanceFrequencyID: frequencyId });
  }
  return {
    ok: true,
    setup: {
      realtorID,
      clientUser: {
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phone: row.phone,
      },
      property: { line: row.addressLine, city: row.city, state: row.state, zip: row.zip, pending: false },
      subscriptions,
    },
  };
}

/** Text cells as stored: trimmed of nothing, empty cells left out. */
function cleanData(data: BulkRowData): BulkRowData {
  const clean: BulkRowData = {};
  for (const [field, value] of Object.entries(data) as Array<[keyof BulkRowData, string | undefined]>) {
    if (value !== undefined && value !== '') clean[field] = value;
  }
  return clean;
}

export function bulkService({
  db,
  clients,
  audit,
  now = () => new Date(),
  logError,
  batchRows = bulkBatchRows,
}: Dependencies) {
  const bulk = bulkRepository(db);

  /**
   * The corporation a bulk call acts on: the one the request acts for, or, for a holder of
   * ActAcrossTenants (the system administrator choosing a company), any existing corporation.
   * Another corporation's id is not found, as if it did not exist.
   */
  async function tenantOf(auth: AuthContext, tenantId: string): Promise<string> {
    if (!hasPrivilege(auth, Privilege.CanBulkUploadClients)) throw new ForbiddenError();
    const id = tenantId.toLowerCase();
    if (
      id !== auth.tenantId &&
      !(hasPrivilege(auth, Privilege.ActAcrossTenants) && (await clients.corporationExists(id)))
    )
      throw new NotFoundError(tenantMessages.unknownTenant);
    if (!(await clients.holdsClients(id))) throw new BadRequestError(adminMessages.operatorHoldsNoClients);
    return id;
  }

  async function lookups(tenantId: string, repository: BulkRepository = bulk): Promise<Lookups> {
    const realtors = await clients.realtors(tenantId);
    const reminders = await repository.activeReminders();
    const frequencies = await repository.frequencies();
    const intervals = await clients.frequencies();
    return {
      realtorByEmail: new Map(realtors.filter((r) => r.enabled).map((r) => [key(r.email), r.id])),
      reminderByName: new Map(reminders.map((r) => [key(r.name), r])),
      frequencyByName: new Map(frequencies.map((f) => [key(f.name), f.id])),
      intervalOf: new Map(intervals.map((f) => [f.id, f.intervalMonths])),
    };
  }

  const storedError = (verdict: Verdict) => (verdict.ok ? null : verdict.error);

  /** Every row of the queue judged now: a row's own problem first, then its email's. */
  async function judgedQueue(tenantId: string) {
    const rows = await bulk.queue(tenantId);
    const found = await lookups(tenantId);
    return {
      lookups: found,
      rows: rows.map((row) => {
        const own = judgeRow(row.data, found);
        const verdict: Verdict = !own.ok ? own : row.emailError ? { ok: false, error: row.emailError } : own;
        return { row, own, verdict };
      }),
    };
  }

  /** Stores verdicts that changed since the rows were written, so the grid shows them. */
  async function refreshStoredErrors(
    tenantId: string,
    judged: Array<{ row: QueueRow; own: Verdict }>,
    at: Date,
  ) {
    const changed = judged
      .filter(({ row, own }) => row.status === 'queued' && row.storedError !== storedError(own))
      .map(({ row, own }) => ({ id: row.id, error: storedError(own) }));
    if (changed.length > 0) await bulk.setErrors(tenantId, changed, at);
  }

  const toItem = (tenantId: string, row: QueueRow): BulkItem => ({
    id: row.id,
    itemId: row.itemGuid,
    tenantID: tenantId,
    rowNumber: row.rowNumber,
    data: row.data,
    validationError: row.storedError ?? row.emailError,
    status: row.status,
  });

  /**
   * Processes the corporation's queue. Every database call of processing is made here, under
   * `tenantId`: the queue judged once, then one transaction per batch of valid rows.
   */
  async function processQueue(tenantId: string, actor: Actor): Promise<BulkProcessResult> {
    const at = now();
    // Every row would be created enabled: after the license's last day, none may be.
    const license = await withTenant(db, tenantId, () => clients.licenseUse(tenantId));
    if (licenseHasEnded(license.endsOn, license.timeZone, at)) {
      throw new ConflictError(licenseMessages.ended(license.endsOn!));
    }
    const { rows, lookups: found } = await withTenant(db, tenantId, async () => {
      const judged = await judgedQueue(tenantId);
      await refreshStoredErrors(tenantId, judged.rows, at);
      return judged;
    });

    const result: BulkProcessResult = { created: 0, errors: {}, needsLicenses: 0 };
    const ready: QueueRow[] = [];
    for (const { row, verdict } of rows) {
      if (verdict.ok) ready.push(row);
      else result.errors[row.itemGuid] = verdict.error;
    }

    /**
     * One batch in one transaction: its rows claimed (FOR UPDATE SKIP LOCKED) and judged again as
     * they are now, the license counted once with the corporation row locked, then the clients
     * created set-based and the rows marked processed or failed. Each row gets the outcome it
     * would get alone, in queue order: a realtor or email taken meanwhile fails that row only; the
     * first row without a free license ends creating, and it and the valid rows after it wait.
     */
    const batchTransaction = (batch: QueueRow[], licensesLeft: boolean) =>
      withTenant(db, tenantId, () =>
        clients.transaction(async (repository, tx): Promise<BatchOutcome> => {
          const queue = bulkRepository(tx);
          const outcome: BatchOutcome = { created: 0, errors: {}, needsLicenses: 0, licensesLeft };
          const claimed = await queue.claim(
            tenantId,
            batch.map((row) => row.id),
          );
          const verdicts = new Map([...claimed].map(([id, data]) => [id, judgeRow(data, found)]));
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
              setup,
              auditDetails: { source: 'bulk-upload', bulkItemId: row.itemGuid },
            })),
          );
          const processed: Array<{ id: number; clientUserId: string }> = [];
          toCreate.forEach(({ row }, index) => {
            const clientUserId = clientIds[index];
            // Null: a client with the email was added by someone else since the check above.
            if (clientUserId) processed.push({ id: row.id, clientUserId });
            else fail(row, clientMessages.emailTaken);
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
          const outcome: BatchOutcome = { created: 0, errors: {}, needsLicenses: 0, licensesLeft };
          for (const row of batch) {
            if (!outcome.licensesLeft) {
              outcome.needsLicenses += 1;
              continue;
            }
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
        return { created: 0, errors: { [row.itemGuid]: message }, needsLicenses: 0, licensesLeft };
      }
    }

    let licensesLeft = true;
    for (let start = 0; start < ready.length; start += batchRows) {
      const batch = ready.slice(start, start + batchRows);
      if (!licensesLeft) {
        result.needsLicenses += batch.length;
        continue;
      }
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
        errors: Object.keys(result.errors).length,
        needsLicenses: result.needsLicenses,
      },
      ipAddress: actor.ip,
    });
    return result;
  }

  return {
    /** `POST api/bulk/{tenant}`: queues rows, each judged and stored with its validation error. */
    async queue(
      { auth, ip }: Caller,
      tenant: string,
      items: Array<{ itemId: string; data: BulkRowData }>,
    ): Promise<BulkQueueResult> {
      const tenantId = await tenantOf(auth, tenant);
      const current = await bulk.count(tenantId);
      // An empty queue means the last batch is over: a new one starts, numbered from 1.
      if (current === 0) await bulk.purgeProcessed(tenantId);
      if (current + items.length > bulkQueueMaxRows)
        throw new ConflictError(bulkMessages.queueFull(bulkQueueMaxRows));
      const found = await lookups(tenantId);
      const queued = await bulk.insert(
        tenantId,
        items.map((item) => {
          const data = cleanData(item.data);
          return {
            itemGuid: item.itemId.toLowerCase(),
            data,
            validationError: storedError(judgeRow(data, found)),
          };
        }),
      );
      metrics.bulkRowsQueued.inc(queued);
      await audit.record({
        tenantId,
        actorUserId: auth.userId,
        action: 'bulk.queued',
        recordType: 'bulk-queue',
        details: { sent: items.length, queued },
        ipAddress: ip,
      });
      return { queued, total: current + queued };
    },

    /**
     * `GET api/bulk/{tenantID}/{page}/{pageSize}`: one page of the queue, each row with its error;
     * with the filter 'problems', of the rows with an error only.
     */
    async page(
      { auth }: Caller,
      tenant: string,
      page: number,
      pageSize: number,
      filter: BulkPageFilter = 'all',
    ): Promise<BulkPage> {
      const tenantId = await tenantOf(auth, tenant);
      const { items, total, errorCount } = await bulk.page(
        tenantId,
        pageSize,
        (page - 1) * pageSize,
        filter === 'problems',
      );
      return {
        items: items.map((row) => toItem(tenantId, row)),
        totalItemCount: total,
        errorCount,
        page,
        pageSize,
      };
    },

    /** `PUT api/bulk/{tenant}/{id}`: replaces a row's fields and judges it again. */
    async update({ auth, ip }: Caller, tenant: string, id: number, data: BulkRowData): Promise<void> {
      const tenantId = await tenantOf(auth, tenant);
      const row = await bulk.find(tenantId, id);
      if (!row) throw new NotFoundError(bulkMessages.itemNotFound);
      const clean = cleanData(data);
      const error = storedError(judgeRow(clean, await lookups(tenantId)));
      await bulk.update(tenantId, id, clean, error, now());
      await audit.record({
        tenantId,
        actorUserId: auth.userId,
        action: 'bulk.item.updated',
        recordType: 'bulk-item',
        recordId: row.itemGuid,
        details: { id, before: row.data, after: clean, validationError: error },
        ipAddress: ip,
      });
    },

    /** `DELETE api/bulk/{tenant}/{id}`. */
    async remove({ auth, ip }: Caller, tenant: string, id: number): Promise<void> {
      const tenantId = await tenantOf(auth, tenant);
      const row = await bulk.find(tenantId, id);
      if (!row || !(await bulk.remove(tenantId, id))) throw new NotFoundError(bulkMessages.itemNotFound);
      await audit.record({
        tenantId,
        actorUserId: auth.userId,
        action: 'bulk.item.deleted',
        recordType: 'bulk-item',
        recordId: row.itemGuid,
        details: { id, data: row.data },
        ipAddress: ip,
      });
    },

    /** `DELETE api/bulk/{tenant}/all`: empties the queue. */
    async clear({ auth, ip }: Caller, tenant: string): Promise<{ removed: number }> {
      const tenantId = await tenantOf(auth, tenant);
      const removed = await bulk.clear(tenantId);
      await audit.record({
        tenantId,
        actorUserId: auth.userId,
        action: 'bulk.cleared',
        recordType: 'bulk-queue',
        details: { removed },
        ipAddress: ip,
      });
      return { removed };
    },

    /** `POST api/bulk/is-email-unique`: free among the corporation's clients and queued rows. */
    async isEmailUnique(
      { auth }: Caller,
      input: { email: string; tenantId?: string | undefined; exceptItemId?: string | undefined },
    ): Promise<BulkEmailUniqueResult> {
      const tenantId = await tenantOf(auth, input.tenantId ?? auth.tenantId);
      const usedBy = await bulk.emailUsedBy(tenantId, input.email, input.exceptItemId?.toLowerCase());
      return { unique: usedBy === null, usedBy };
    },

    /** What processing would do now. */
    async preview({ auth }: Caller, tenant: string): Promise<BulkPreview> {
      const tenantId = await tenantOf(auth, tenant);
      const { rows } = await judgedQueue(tenantId);
      const valid = rows.filter(({ verdict }) => verdict.ok).length;
      const { licensed, used, endsOn, timeZone } = await clients.licenseUse(tenantId);
      const endedOn = licenseEndedOn(endsOn, timeZone, now());
      const licensesFree = endedOn ? 0 : Math.max(0, licensed - used);
      return {
        licenseEndedOn: endedOn,
        queued: rows.length,
        valid,
        withErrors: rows.length - valid,
        licensesFree,
        toCreate: Math.min(valid, licensesFree),
        needsLicenses: Math.max(0, valid - licensesFree),
        withoutReminders: rows.filter(({ verdict }) => verdict.ok && verdict.setup.subscriptions.length === 0)
          .length,
      };
    },

    /**
     * `POST api/bulk/process/{tenant}`: creates a client, property and subscriptions for each valid
     * row, in batches of rows that each commit together with their rows' "processed" marks
     * (ADR 032). Rows beyond the free licenses stay queued and are counted in `needsLicenses`.
     */
    async process({ auth, ip }: Caller, tenant: string): Promise<BulkProcessResult> {
      // Batches commit one by one, each in a transaction of its own scoped to the corporation, so
      // the route opens no transaction around them (its data scope is `none`).
      const reach: DataScope = hasPrivilege(auth, Privilege.ActAcrossTenants)
        ? 'all-tenants'
        : { tenantId: auth.tenantId };
      const tenantId = await withDataScope(db, reach, () => tenantOf(auth, tenant));
      return processQueue(tenantId, { actorUserId: auth.userId, ip });
    },
  };
}
export type BulkService = ReturnType<typeof bulkService>;
