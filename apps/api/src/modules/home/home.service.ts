import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { licenseEndedOn } from '@homeminder/shared/license';
import { Privilege } from '@homeminder/shared/permissions';
import { hasPrivilege, type AuthContext } from '../../access/auth-context';
import { realtorScope } from '../../access/client-scope';
import type { HomeRepository } from './home.repository';

/** The counts of the Home page: each only for those whose privileges show its tile. */
export function homeService({ home, now }: { home: HomeRepository; now: () => Date }) {
  return {
    async summary(auth: AuthContext): Promise<HomeSummary> {
      const summary: HomeSummary = {
        clients: null,
        enabledProperties: null,
        unsubscribedProperties: null,
        noReminderProperties: null,
        pendingProperties: null,
        disabledProperties: null,
        dueNext30Days: null,
        licensedProperties: null,
        licenseEndedOn: null,
        realtors: null,
        corporateUsers: null,
        corporations: null,
        activeNotifications: null,
      };
      const license = await home.license(auth.tenantId);
      // The operator's own company holds no license and no clients: its Home counts neither
      // (docs/decisions/051).
      if (hasPrivilege(auth, Privilege.CanManageClients) && !license.isSystem) {
        Object.assign(summary, await home.clientCounts(auth.tenantId, realtorScope(auth), now()));
      }
      if (hasPrivilege(auth, Privilege.AdminModule)) {
        Object.assign(summary, await home.staffCounts(auth.tenantId));
        if (!license.isSystem) {
          summary.licensedProperties = license.licensedProperties;
          summary.licenseEndedOn = licenseEndedOn(license.endsOn, license.timeZone, now());
        }
      }
      if (hasPrivilege(auth, Privilege.AddCorporateAccounts))
        summary.corporations = await home.corporationCount();
      if (hasPrivilege(auth, Privilege.ManageNotifications)) {
        summary.activeNotifications = await home.activeNotificationCount(now());
      }
      return summary;
    },
  };
}
export type HomeService = ReturnType<typeof homeService>;
