import { corporationWidePrivileges, Privilege } from '@homeminder/shared/permissions';
import { tenantDetailsQuery } from '../../lib/corporation-time-zone';
import { homeRealtorOf, reminderActivityQuery } from '../../lib/reminder-activity';
import type { Prefetch } from '../../lib/server-api';
import {
  attentionQuery,
  homeSummaryQuery,
  homesHealthQuery,
  realtorsQuery,
  upcomingRemindersFirstWindow,
  upcomingRemindersQuery,
} from './api';

/**
 * What Home shows first, read on the server (docs/decisions/084): the person's numbers, the
 * corporation's time zone for every date, and for those who manage clients the first page of each
 * list, the homes' health and the reminder activity, as the screen's own queries ask for them.
 */
export async function prefetchHome({ api, viewer, client, url }: Prefetch): Promise<void> {
  const holds = (privileges: readonly string[]) =>
    privileges.some((name) => viewer.privileges.includes(name));
  const reads: Array<Promise<void>> = [
    client.prefetchQuery(homeSummaryQuery(api, viewer)),
    client.prefetchQuery(tenantDetailsQuery(api, viewer.tenantId)),
  ];
  if (holds([Privilege.CanManageClients])) {
    const corporationWide = holds(corporationWidePrivileges);
    const realtorId = homeRealtorOf(url.searchParams, corporationWide);
    if (corporationWide) reads.push(client.prefetchQuery(realtorsQuery(api, viewer.tenantId)));
    reads.push(
      client.prefetchQuery(attentionQuery(api, viewer, null, 1)),
      client.prefetchQuery(homesHealthQuery(api, viewer)),
      client.prefetchQuery(upcomingRemindersQuery(api, viewer, upcomingRemindersFirstWindow, 1)),
      client.prefetchQuery(reminderActivityQuery(api, viewer, realtorId)),
    );
  }
  await Promise.all(reads);
}
