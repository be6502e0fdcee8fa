import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { corporationWidePrivileges } from '@homeminder/shared/permissions';
import { isGuid } from '@homeminder/shared/validation/predicates';
import { api, type Api } from './http';
import { hasAnyPrivilege, usePerson, useSession, type Person } from './session-store';
import { queryKey } from './query-keys';

/** Home's realtor filter in the address: `?realtor=<id>`, read by its engagement figures and chart. */
const realtorParam = 'realtor';

/**
 * The realtor Home's figures are narrowed to, for those who see every realtor's clients (managers,
 * administrators); null for the whole corporation, and always for a realtor, who sees their own.
 */
export function useHomeRealtor() {
  const [params, setParams] = useSearchParams();
  const corporationWide = useSession((state) => hasAnyPrivilege(corporationWidePrivileges, state));
  const realtorId = homeRealtorOf(params, corporationWide);
  const choose = (next: string | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(realtorParam, next);
        else updated.delete(realtorParam);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return { realtorId, choose, corporationWide };
}

/** The realtor Home's address narrows its figures to. */
export function homeRealtorOf(params: URLSearchParams, corporationWide: boolean): string | null {
  const value = params.get(realtorParam)?.trim() ?? '';
  return corporationWide && isGuid(value) ? value.toLowerCase() : null;
}

/**
 * Reminders by day and engagement by month (`GET api/home/reminder-activity`), for the realtor
 * chosen on Home: one request whichever of Home's cards asks first.
 */
export function reminderActivityQuery(caller: Api, person: Person, realtorId: string | null) {
  return queryOptions({
    queryKey: queryKey(person.tenantId, 'reminder-activity', person.userId, realtorId),
    queryFn: ({ signal }) =>
      caller.get('/home/reminder-activity', { query: realtorId ? { realtorId } : {}, signal }),
  });
}

export function useReminderActivity() {
  const { realtorId } = useHomeRealtor();
  return useQuery(reminderActivityQuery(api, usePerson(), realtorId));
}
