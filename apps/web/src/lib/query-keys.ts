import { useQueryClient } from '@tanstack/react-query';
import { useSession } from './session-store';

/**
 * The areas of cached server data. A key names one, after the corporation, so that a change can
 * refresh an area (every client query after an import, say) by the key's start.
 */
export type QueryArea =
  | 'attention'
  | 'audit'
  | 'branding'
  | 'bulk'
  | 'clients'
  | 'companies'
  | 'corporation'
  | 'corporations'
  | 'default-reminders'
  | 'home-summary'
  | 'homeowner'
  | 'homes-health'
  | 'impersonation-check'
  | 'licensing'
  | 'lookups'
  | 'notifications'
  | 'own-profile'
  | 'own-reminder-tasks'
  | 'reminder-activity'
  | 'sending-domain'
  | 'sent-mail'
  | 'task-frequencies'
  | 'templates'
  | 'tenant-details'
  | 'tenant-user'
  | 'tenant-user-image'
  | 'tenant-users'
  | 'upcoming-reminders';

/**
 * Every query's key: the corporation the data belongs to first (none before one is chosen), then
 * its area, then what picks the data (an id, a page, a filter). Acting for another corporation
 * therefore never shows the last one's cached responses (docs/decisions/013).
 */
export function queryKey(tenant: string | null | undefined, area: QueryArea, ...parts: readonly unknown[]) {
  return [tenant ?? null, area, ...parts] as const;
}

/** Everything cached for a corporation: what a change with wide effects refreshes. */
export const tenantQueries = (tenant: string | null | undefined) => [tenant ?? null] as const;

/** The corporation the session acts for, whose data the screens' keys start with. */
export function useSessionTenant(): string | null {
  return useSession((state) => state.tenantID);
}

/** Marks the queries `keysOf` names, under the tenant the session acts for, out of date at once. */
export function useInvalidation() {
  const client = useQueryClient();
  const tenant = useSessionTenant();
  return async (keysOf: (tenant: string | null) => ReadonlyArray<readonly unknown[]>) => {
    await Promise.all(keysOf(tenant).map((key) => client.invalidateQueries({ queryKey: key })));
  };
}
