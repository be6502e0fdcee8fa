import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime } from '@homeminder/shared/format';
import { api, type Api } from './http';
import { useSession } from './session-store';
import { queryKey } from './query-keys';

/**
 * The time zone of the corporation the person acts for, from the server (`api/id/tenant-details`),
 * never the browser's: every date and time is shown in it (docs/decisions/052 and 074), so a date
 * reads the same on screen, in the export and in the email wherever the reader is. Undefined until
 * it is known; a screen shows no date rather than one in the wrong zone meanwhile.
 */
export function useCorporationTimeZone(): string | undefined {
  const tenantId = useSession((state) => state.tenantID);
  const details = useQuery({ ...tenantDetailsQuery(api, tenantId), enabled: Boolean(tenantId) });
  return details.data?.timeZone;
}

/** The corporation's details, its time zone among them. */
export function tenantDetailsQuery(caller: Api, tenantId: string | null) {
  return queryOptions({
    queryKey: queryKey(tenantId, 'tenant-details'),
    queryFn: ({ signal }) => caller.get('/id/tenant-details', { signal }),
    // A corporation's zone changes rarely, and only by its administrator.
    staleTime: 10 * 60_000,
  });
}

export interface StaffTimes {
  /** The zone every time below is in, for the screen to name (`TimeZoneNote`); undefined until known. */
  timeZone: string | undefined;
  /** 'DDMMMYYYY hh:mm' in the zone; '' until the zone is known. */
  dateTime: (value: Date | string | number) => string;
  /** 'DDMMMYYYY' in the zone; '' until the zone is known. */
  date: (value: Date | string | number) => string;
}

/**
 * Moments as staff screens write them: in the zone of the corporation the person acts for; the
 * operator's screens across corporations use the operator's own corporation's zone, one zone for
 * every row (docs/decisions/074).
 */
export function useStaffTimes(): StaffTimes {
  const timeZone = useCorporationTimeZone();
  return useMemo(
    () => ({
      timeZone,
      dateTime: (value) => (timeZone ? formatDateTime(value, timeZone) : ''),
      date: (value) => (timeZone ? formatDate(value, timeZone) : ''),
    }),
    [timeZone],
  );
}
