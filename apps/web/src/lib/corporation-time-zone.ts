import { useQuery } from '@tanstack/react-query';
import { api } from './http';
import { useSession } from './session-store';

/**
 * The time zone of the corporation the person acts for, from the server (`api/id/tenant-details`),
 * never the browser's: every due date is shown in it (docs/decisions/052), so a date reads the same
 * on screen, in the export and in the email wherever the reader is. Undefined until it is known;
 * a screen shows no date rather than one in the wrong zone meanwhile.
 */
export function useCorporationTimeZone(): string | undefined {
  const tenantId = useSession((state) => state.tenantID);
  const details = useQuery({
    queryKey: [tenantId, 'tenant-details'],
    queryFn: ({ signal }) => api.get('/id/tenant-details', { signal }),
    enabled: Boolean(tenantId),
    // A corporation's zone changes rarely, and only by its administrator.
    staleTime: 10 * 60_000,
  });
  return details.data?.timeZone;
}
