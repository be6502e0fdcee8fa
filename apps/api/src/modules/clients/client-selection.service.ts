import type { AuditAction } from '@homeminder/shared/audit-labels';
import {
  bulkResultMessage,
  bulkSkipReasons,
  maxSelectedRows,
  selectionMessages,
  type BulkResult,
  type BulkSkipReason,
  type ClientBulkAction,
  type ClientSelectionParsed,
} from '@homeminder/shared/contracts/client-selection';
import type { ClientBulkRequest } from '@homeminder/shared/contracts/client-selection';
import { clientMessages } from '@homeminder/shared/contracts/clients';
import { licenseHasEnded } from '@homeminder/shared/license';
import type { Caller } from '../../access/auth-context';
import { BadRequestError, ForbiddenError } from '../../lib/errors';
import type { AuditService } from '../audit';
import { scopeOf } from './caller-scope';
import { clientsCsv, type CsvReads } from './clients-export';
import type { ClientsRepository } from './clients.repository';
import { resumeSubscriptions } from './schedules';
import type { SelectedRow } from './selection.repository';

/** Invites the clients of a selection, within the invitation limits (the account area does it). */
export type InviteSelected = (
  caller: Caller,
  clientIds: readonly string[],
) => Promise<{ invited: string[]; skipped: Partial<Record<BulkSkipReason, number>> }>;

interface Dependencies {
  clients: CsvReads &
    Pick<ClientsRepository, 'gridRowsById' | 'realtors' | 'rowsById' | 'rowsOfFilter' | 'transaction'>;
  audit: AuditService;
  inviteSelected: InviteSelected;
  now?: () => Date;
}

/** Skipped rows by reason, counted as they are found. */
class Skipped {
  private readonly counts = new Map<BulkSkipReason, number>();
  add(reason: BulkSkipReason, count = 1) {
    if (count > 0) this.counts.set(reason, (this.counts.get(reason) ?? 0) + count);
  }
  list() {
    return bulkSkipReasons.flatMap((reason) => {
      const count = this.counts.get(reason);
      return count ? [{ reason, count }] : [];
    });
  }
  total() {
    return [...this.counts.values()].reduce((sum, count) => sum + count, 0);
  }
}

/** What the audit entry's action is called for each bulk action. */
const auditActions: Record<ClientBulkAction, AuditAction> = {
  assignRealtor: 'clients.realtor-assigned-bulk',
  invite: 'clients.invited-bulk',
  enable: 'properties.enabled-bulk',
  disable: 'properties.disabled-bulk',
  delete: 'clients.deleted-bulk',
};

const unique = (ids: Iterable<string>) => [...new Set(ids)];

/**
 * The client grid's bulk actions (docs/decisions/080): one request for the whole selection, each
 * row checked against the caller's corporation and realtor scope, the change made in a few
 * statements, and one audit entry with the count. Rows the caller may not touch are skipped and
 * counted, never changed; another corporation's are only "not found".
 */
export function clientSelectionService({
  clients,
  audit,
  inviteSelected,
  now = () => new Date(),
}: Dependencies) {
  /** The selected rows the caller may act on, and the others counted as skipped. */
  async function resolve(
    scope: { tenantId: string; realtorId: string | null },
    selection: ClientSelectionParsed,
    skipped: Skipped,
  ): Promise<SelectedRow[]> {
    if ('filter' in selection) {
      const rows = await clients.rowsOfFilter(
        scope.tenantId,
        scope.realtorId,
        { ...selection.filter, asOf: now() },
        maxSelectedRows + 1,
      );
      if (rows.length > maxSelectedRows) throw new BadRequestError(selectionMessages.tooMany(rows.length));
      return rows;
    }
    const ids = unique(selection.ids.map((id) => id.toLowerCase()));
    const found = await clients.rowsById(scope.tenantId, ids);
    skipped.add('notFound', ids.length - found.length);
    if (!scope.realtorId) return found;
    const own = found.filter((row) => row.realtorId === scope.realtorId);
    skipped.add('notYours', found.length - own.length);
    return own;
  }

  /** The selection's properties, the rows of clients without one skipped. */
  function propertiesOf(rows: SelectedRow[], skipped: Skipped) {
    const properties = rows.filter((row) => row.propertyId !== null);
    skipped.add('noProperty', rows.length - properties.length);
    return properties;
  }

  async function setEnabled(
    tenantId: string,
    rows: SelectedRow[],
    enabled: boolean,
    skipped: Skipped,
    repository: ClientsRepository,
  ): Promise<string[]> {
    const properties = propertiesOf(rows, skipped);
    const toChange = properties.filter((row) => row.propertyEnabled !== enabled);
    skipped.add('unchanged', properties.length - toChange.length);
    let allowed = toChange;
    const at = now();
    if (enabled) {
      // As one enable does: a property that is not pending takes a license, while one is free.
      const { licensed, used, endsOn, timeZone } = await repository.licenseUse(tenantId, { lock: true });
      let free = licenseHasEnded(endsOn, timeZone, at) ? 0 : Math.max(0, licensed - used);
      allowed = toChange.filter((row) => row.propertyPending || free-- > 0);
      skipped.add('noLicense', toChange.length - allowed.length);
    }
    const changed = await repository.setPropertiesEnabled(
      tenantId,
      allowed.map((row) => row.propertyId!),
      enabled,
      at,
    );
    // Due dates missed while disabled move to their next date after now (docs/decisions/025).
    if (enabled) for (const { id } of changed) await resumeSubscriptions(repository, tenantId, id, at);
    return changed.map((row) => row.id);
  }

  return {
    async act(
      caller: Caller,
      request: ClientBulkRequest & { selection: ClientSelectionParsed },
    ): Promise<BulkResult> {
      const { auth, ip } = caller;
      const scope = scopeOf(auth);
      const skipped = new Skipped();
      const action = request.action;
      let realtor: { id: string; name: string } | undefined;
      if (request.action === 'assignRealtor') {
        const realtorId = request.realtorId.toLowerCase();
        if (scope.realtorId && realtorId !== scope.realtorId)
          throw new ForbiddenError(clientMessages.realtorOnlyOwn);
        const found = (await clients.realtors(scope.tenantId, realtorId))[0];
        if (!found) throw new BadRequestError(selectionMessages.unknownRealtor);
        realtor = { id: found.id, name: `${found.firstName} ${found.lastName}` };
      }

      const result = await clients.transaction(async (repository, tx) => {
        const rows = await resolve(scope, request.selection, skipped);
        const clientIds = unique(rows.map((row) => row.clientId));
        let done: string[] = [];
        switch (action) {
          case 'assignRealtor':
            done = await repository.assignRealtor(scope.tenantId, clientIds, realtor!.id, now());
            skipped.add('unchanged', clientIds.length - done.length);
            break;
          case 'delete':
            done = await repository.deleteClients(scope.tenantId, clientIds);
            skipped.add('notFound', clientIds.length - done.length);
            break;
          case 'enable':
          case 'disable':
            done = await setEnabled(scope.tenantId, rows, action === 'enable', skipped, repository);
            break;
          case 'invite':
            // Sent after the transaction: each invitation is its own, with its email.
            return { rows, clientIds, done };
        }
        if (done.length > 0 || skipped.total() > 0)
          await audit.record(
            auditEntry(action, done, skipped, realtor, { auth, ip, tenantId: scope.tenantId }),
            tx,
          );
        return { rows, clientIds, done };
      });

      let done = result.done;
      if (action === 'invite') {
        const sent = await inviteSelected(caller, result.clientIds);
        done = sent.invited;
        for (const [reason, count] of Object.entries(sent.skipped))
          skipped.add(reason as BulkSkipReason, count);
        if (done.length > 0 || skipped.total() > 0)
          await audit.record(
            auditEntry(action, done, skipped, realtor, { auth, ip, tenantId: scope.tenantId }),
          );
      }
      const list = skipped.list();
      return {
        done: done.length,
        skipped: list,
        message: bulkResultMessage(action, done.length, list, realtor?.name),
      };
    },

    /** The selected rows as CSV, as the grid's export writes them. */
    async exportCsv({ auth, ip }: Caller, selection: ClientSelectionParsed): Promise<string> {
      const scope = scopeOf(auth);
      const skipped = new Skipped();
      const rows = await resolve(scope, selection, skipped);
      const items = await clients.gridRowsById(
        scope.tenantId,
        rows.map((row) => row.rowId),
      );
      await audit.record({
        tenantId: scope.tenantId,
        actorUserId: auth.userId,
        action: 'clients.exported',
        details: { rows: items.length, selected: true, skipped: skipped.total() },
        ipAddress: ip,
      });
      return clientsCsv(clients, scope, items, now());
    },
  };
}
export type ClientSelectionService = ReturnType<typeof clientSelectionService>;

function auditEntry(
  action: ClientBulkAction,
  done: string[],
  skipped: Skipped,
  realtor: { id: string; name: string } | undefined,
  by: { auth: Caller['auth']; ip: string; tenantId: string },
) {
  return {
    tenantId: by.tenantId,
    actorUserId: by.auth.userId,
    action: auditActions[action],
    recordType: action === 'enable' || action === 'disable' ? 'property' : 'client-user',
    details: {
      count: done.length,
      skipped: skipped.total(),
      skippedBy: Object.fromEntries(skipped.list().map((one) => [one.reason, one.count])),
      // An assignment is named by its realtor: "Assigned clients to a realtor · Rita Realtor · 33 clients".
      ...(realtor ? { realtorId: realtor.id, realtorName: realtor.name, recordName: realtor.name } : {}),
      ids: done,
    },
    ipAddress: by.ip,
  };
}
