import {
  bulkResultMessage,
  bulkSkipReasons,
  type BulkResult,
  type BulkSkipReason,
  type TenantUserBulkRequest,
} from '@homeminder/shared/contracts/client-selection';
import type { Caller } from '../../access/auth-context';
import { accessibleTenant } from '../../access/tenant-access';
import type { AuditService } from '../audit';
import type { TenantUsersRepository } from './tenant-users.repository';

/**
 * Manage users' selection (docs/decisions/080): enables or disables the selected users of one
 * corporation in one request. Each user is checked as one switch is: another corporation's or
 * an unknown id is not found, the operator's own users and the caller's own account (to
 * disable) are skipped. One audit entry counts the change.
 */
export async function switchSelectedUsers(
  on: { users: TenantUsersRepository; audit: AuditService; now: () => Date },
  actor: Caller,
  request: TenantUserBulkRequest,
): Promise<BulkResult> {
  const tenantId = accessibleTenant(actor.auth, request.tenantId);
  const enabled = request.action === 'enable';
  const ids = [...new Set(request.userIds.map((id) => id.toLowerCase()))];
  const found = await on.users.findMany(tenantId, ids);
  const skipped = new Map<BulkSkipReason, number>();
  const skip = (reason: BulkSkipReason, count = 1) => {
    if (count > 0) skipped.set(reason, (skipped.get(reason) ?? 0) + count);
  };
  skip('notFound', ids.length - found.length);
  const toChange: string[] = [];
  for (const user of found) {
    if (user.corporationIsSystem) skip('operatorUser');
    else if (!enabled && user.id === actor.auth.userId) skip('yourself');
    else if (user.enabled === enabled) skip('unchanged');
    else toChange.push(user.id);
  }
  const done = await on.users.setEnabledMany(tenantId, toChange, enabled, on.now());
  skip('unchanged', toChange.length - done.length);
  const list = bulkSkipReasons.flatMap((reason) => {
    const count = skipped.get(reason);
    return count ? [{ reason, count }] : [];
  });
  const skippedTotal = list.reduce((sum, one) => sum + one.count, 0);
  if (done.length > 0 || skippedTotal > 0)
    await on.audit.record({
      tenantId,
      actorUserId: actor.auth.userId,
      action: enabled ? 'tenant-users.enabled-bulk' : 'tenant-users.disabled-bulk',
      recordType: 'tenant-user',
      details: {
        count: done.length,
        skipped: skippedTotal,
        skippedBy: Object.fromEntries(list.map((one) => [one.reason, one.count])),
        ids: done,
      },
      ipAddress: actor.ip,
    });
  const action = enabled ? 'enableUser' : 'disableUser';
  return { done: done.length, skipped: list, message: bulkResultMessage(action, done.length, list) };
}
