import { useQuery } from '@tanstack/react-query';
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { http } from '../../lib/http';
import { useSession } from '../../lib/session-store';

export function useHomeSummary() {
  const tenantId = useSession((state) => state.tenantID);
  const userId = useSession((state) => state.userID);
  return useQuery({
    queryKey: [tenantId, 'home-summary', userId],
    queryFn: ({ signal }) => http.get<HomeSummary>('api/home/summary', { signal }),
  });
}
