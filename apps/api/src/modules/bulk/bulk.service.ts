import type { AuditAction } from '@homeminder/shared/audit-labels';
import {
  bulkMessages,
  bulkQueueMaxRows,
  type BulkEmailUniqueResult,
  type BulkItem,
  type BulkPage,
  type BulkPageFilter,
  type BulkPreview,
  type BulkProcessResult,
  type BulkQueueRequest,
  type BulkQueueResult,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import { adminMessages } from '@homeminder/shared/contracts/admin';
import type { RealtorOption } from '@homeminder/shared/contracts/clients';
import { licenseEndedOn } from '@homeminder/shared/license';
import { Privilege } from '@homeminder/shared/permissions';
import { hasPrivilege, type AuthContext, type Caller } from '../../access/auth-context';
import type { Database } from '../../db/client';
import { withDataScope, type DataScope } from '../../db/data-scope';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { metrics } from '../../lib/metrics';
import type { AuditService } from '../audit';
import { type ClientsRepository, tenantFromPath } from '../clients';
import { defaultRemindersRepository } from '../corporations';
import { bulkRepository, type QueueRow } from './bulk.repository';
import { bulkValidation } from './bulk-validation';
import { bulkMappings } from './bulk-mappings';
import { bulkBatchRows, bulkProcessing } from './bulk-processing';
import { cleanData, validateRow, storedError } from './bulk-rows';

interface Dependencies {
  db: Database;
  /** The clients module's data access: clients are created through its set-up, never copied. */
  clients: Pick<
    ClientsRepository,
    'corporationExists' | 'frequencies' | 'holdsClients' | 'licenseUse' | 'realtors' | 'transaction'
  >;
  audit: AuditService;
  now?: () => Date;
  /** Where an unexpected failure of one row is logged (the row itself gets a plain message). */
  logError?: (error: unknown, context: Record<string, unknown>) => void;
  /** Rows per processing transaction; `bulkBatchRows` unless a test wants more, smaller batches. */
  batchRows?: number;
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
  const validating = bulkValidation(clients, bulk);
  const { lookups, validatedQueue } = validating;
  const processQueue = bulkProcessing({ db, clients, audit, validating, now, logError, batchRows });

  /** Licenses free now: none once the license has ended. */
  async function licensesFree(tenantId: string) {
    const { licensed, used, endsOn, timeZone } = await clients.licenseUse(tenantId);
    const endedOn = licenseEndedOn(endsOn, timeZone, now());
    return { endedOn, free: endedOn ? 0 : Math.max(0, licensed - used) };
  }

  /**
   * The corporation a bulk call acts on: the one the request acts for, or, for a holder of
   * ActAcrossTenants (the system administrator choosing a corporation), any existing corporation.
   * Another corporation's id is not found, as if it did not exist.
   */
  async function tenantOf(auth: AuthContext, tenantId: string): Promise<string> {
    if (!hasPrivilege(auth, Privilege.CanBulkUploadClients)) throw new ForbiddenError();
    const id = await tenantFromPath(clients, auth, tenantId);
    if (!(await clients.holdsClients(id))) throw new BadRequestError(adminMessages.operatorHoldsNoClients);
    return id;
  }

  /** Removes many queued rows of the corporation at once and records how many went. */
  async function removeQueued(
    { auth, ip }: Caller,
    tenant: string,
    action: AuditAction,
    remove: (tenantId: string) => Promise<number>,
  ): Promise<{ removed: number }> {
    const tenantId = await tenantOf(auth, tenant);
    const removed = await remove(tenantId);
    await audit.record({
      tenantId,
      actorUserId: auth.userId,
      action,
      recordType: 'bulk-queue',
      details: { removed },
      ipAddress: ip,
    });
    return { removed };
  }

  const toItem = (tenantId: string, row: QueueRow): BulkItem => ({
    id: row.id,
    itemId: row.itemGuid,
    tenantID: tenantId,
    rowNumber: row.rowNumber,
    fileName: row.fileName,
    line: row.line,
    data: row.data,
    validationError: row.storedError ?? row.emailError,
    waitingForLicense: row.waitingForLicense,
    status: row.status,
  });

  return {
    /**
     * `POST api/bulk/{tenant}`: queues rows, each validated and stored with its validation error. A file
     * uploaded again replaces its rows still queued from an earlier upload (docs/decisions/059).
     */
    async queue({ auth, ip }: Caller, tenant: string, request: BulkQueueRequest): Promise<BulkQueueResult> {
      const { items } = request;
      const tenantId = await tenantOf(auth, tenant);
      const fileName = request.fileName?.trim() || null;
      const uploadId = request.uploadId?.toLowerCase() ?? null;
      const removed =
        fileName && uploadId ? await bulk.removeEarlierUploads(tenantId, fileName, uploadId) : 0;
      const current = await bulk.count(tenantId);
      // An empty queue means the last batch is over: a new one starts, numbered from 1.
      if (current === 0) await bulk.purgeProcessed(tenantId);
      if (current + items.length > bulkQueueMaxRows)
        throw new ConflictError(bulkMessages.queueFull(bulkQueueMaxRows));
      const found = await lookups(tenantId);
      // Only the corporation's own enabled realtors can be given (the caller's tenant scope).
      const defaultRealtorEmail = request.defaultRealtorId
        ? found.realtorEmailById.get(request.defaultRealtorId.toLowerCase())
        : undefined;
      if (request.defaultRealtorId && !defaultRealtorEmail)
        throw new BadRequestError(bulkMessages.defaultRealtorUnknown);
      const { inserted: queued, replaced } = await bulk.insert(
        tenantId,
        items.map((item) => {
          const data = cleanData({
            ...item.data,
            realtorEmail: item.data.realtorEmail?.trim() ? item.data.realtorEmail : defaultRealtorEmail,
          });
          return {
            itemGuid: item.itemId.toLowerCase(),
            fileName,
            line: item.line ?? null,
            uploadId,
            data,
            validationError: storedError(validateRow(data, found)),
          };
        }),
      );
      metrics.bulkRowsQueued.inc(queued);
      await audit.record({
        tenantId,
        actorUserId: auth.userId,
        action: 'bulk.queued',
        recordType: 'bulk-queue',
        details: {
          sent: items.length,
          queued,
          replaced: removed + replaced,
          fileName,
          defaultRealtorId: request.defaultRealtorId ?? null,
        },
        ipAddress: ip,
      });
      return { queued, replaced: removed + replaced, total: current + queued };
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
      const { free } = await licensesFree(tenantId);
      const { items, total, errorCount } = await bulk.page(tenantId, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
        onlyProblems: filter === 'problems',
        licensesFree: free,
      });
      return {
        items: items.map((row) => toItem(tenantId, row)),
        totalItemCount: total,
        errorCount,
        fileNames: await bulk.fileNames(tenantId),
        page,
        pageSize,
      };
    },

    /** `PUT api/bulk/{tenant}/{id}`: replaces a row's fields and validates it again. */
    async update({ auth, ip }: Caller, tenant: string, id: number, data: BulkRowData): Promise<void> {
      const tenantId = await tenantOf(auth, tenant);
      const row = await bulk.find(tenantId, id);
      if (!row) throw new NotFoundError(bulkMessages.itemNotFound);
      const clean = cleanData(data);
      const error = storedError(validateRow(clean, await lookups(tenantId)));
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

    /** `DELETE api/bulk/{tenant}/problems`: removes every queued row with a problem. */
    removeProblems: (caller: Caller, tenant: string) =>
      removeQueued(caller, tenant, 'bulk.problems.deleted', (tenantId) => bulk.removeProblems(tenantId)),

    /** `DELETE api/bulk/{tenant}/all`: empties the queue. */
    clear: (caller: Caller, tenant: string) =>
      removeQueued(caller, tenant, 'bulk.cleared', (tenantId) => bulk.clear(tenantId)),

    /** `POST api/bulk/is-email-unique`: free among the corporation's clients and queued rows. */
    async isEmailUnique(
      { auth }: Caller,
      input: { email: string; tenantId?: string | undefined; exceptItemId?: string | undefined },
    ): Promise<BulkEmailUniqueResult> {
      const tenantId = await tenantOf(auth, input.tenantId ?? auth.tenantId);
      const usedBy = await bulk.emailUsedBy(tenantId, input.email, input.exceptItemId?.toLowerCase());
      return { unique: usedBy === null, usedBy };
    },

    /** `GET api/bulk/{tenant}/realtors`: the realtors a row can name, those of the corporation. */
    async realtors({ auth }: Caller, tenant: string): Promise<RealtorOption[]> {
      const tenantId = await tenantOf(auth, tenant);
      return (await clients.realtors(tenantId)).filter((realtor) => realtor.enabled);
    },

    /** What processing would do now. */
    async preview({ auth }: Caller, tenant: string): Promise<BulkPreview> {
      const tenantId = await tenantOf(auth, tenant);
      const { rows } = await validatedQueue(tenantId);
      const valid = rows.filter(({ verdict }) => verdict.ok).length;
      const { endedOn, free } = await licensesFree(tenantId);
      return {
        licenseEndedOn: endedOn,
        queued: rows.length,
        valid,
        withErrors: rows.length - valid,
        licensesFree: free,
        toCreate: Math.min(valid, free),
        needsLicenses: Math.max(0, valid - free),
        withoutReminders: rows.filter(({ verdict }) => verdict.ok && verdict.setup.subscriptions.length === 0)
          .length,
        withoutRealtor: rows.filter(({ verdict }) => verdict.ok && !verdict.setup.realtorID).length,
        defaultReminders: (await defaultRemindersRepository(db).list(tenantId)).map(
          ({ name, frequencyName }) => ({ name, frequencyName }),
        ),
      };
    },

    /**
     * `POST api/bulk/process/{tenant}`: creates a client, property and subscriptions for each valid
     * row, in batches of rows that each commit together with their rows' "processed" marks
     * (ADR 032). Rows beyond the free licenses stay queued and are counted in `needsLicenses`, or,
     * when asked, are created as pending properties, which use no license.
     */
    async process(
      { auth, ip }: Caller,
      tenant: string,
      options: { waitingAsPending?: boolean | undefined } = {},
    ): Promise<BulkProcessResult> {
      // Batches commit one by one, each in a transaction of its own scoped to the corporation, so
      // the route opens no transaction around them (its data scope is `none`).
      const reach: DataScope = hasPrivilege(auth, Privilege.ActAcrossTenants)
        ? 'all-tenants'
        : { tenantId: auth.tenantId };
      const tenantId = await withDataScope(db, reach, () => tenantOf(auth, tenant));
      return processQueue(tenantId, { actorUserId: auth.userId, ip }, options.waitingAsPending === true);
    },

    ...bulkMappings({ db, tenantOf, now }),
  };
}
export type BulkService = ReturnType<typeof bulkService>;
