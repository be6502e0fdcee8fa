import type { QueryObserverResult } from '@tanstack/react-query';
import { messages } from '@homeminder/shared/validation/messages';

/**
 * A grid's or list's Refresh: runs its last query again, for what others may have changed since.
 * Before the list has run a query there is nothing to run again, so the refresh fails as premature.
 */
export async function refreshLastQuery(
  query: Pick<QueryObserverResult, 'refetch' | 'dataUpdatedAt' | 'errorUpdatedAt'>,
): Promise<void> {
  if (query.dataUpdatedAt === 0 && query.errorUpdatedAt === 0) throw new Error(messages.refreshPremature);
  const result = await query.refetch();
  if (result.isError) throw result.error;
}
