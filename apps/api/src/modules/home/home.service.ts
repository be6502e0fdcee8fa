import {
  attentionRules,
  type AttentionList,
  type AttentionQuery,
} from '@homeminder/shared/contracts/attention';
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { licenseEndedOn } from '@homeminder/shared/license';
import { Privilege } from '@homeminder/shared/permissions';
import { hasPrivilege, type AuthContext } from '../../access/auth-context';
import { realtorScope } from '../../access/client-scope';
import { ownTenantWith } from '../../access/tenant-access';
import type { HealthOverview } from '@homeminder/shared/contracts/home-health';
import type { AttentionRepository } from './attention.repository';
import type { HealthOverviewRepository } from './health-overview.repository';
import type { HomeRepository } from './home.repository';

/** The counts of the Home page: each only for those whose privileges show its tile. */
export function homeService({
  home,
  attention,
  health,
  now,
}: {
  home: HomeRepository;
  attention: AttentionRepository;
  health: HealthOverviewRepository;
  now: () => Date;
}) {
  return {
    /** The homes' health (docs/decisions/095): a realtor's, or the corporation's, or one realtor's. */
    async health(auth: AuthContext, realtorId: string | undefined): Promise<HealthOverview> {
      const tenantId = ownTenantWith(auth, Privilege.CanManageClients);
      return health.overview(tenantId, realtorScope(auth) ?? realtorId?.toLowerCase() ?? null);
    },

    /**
     * Who needs attention (docs/decisions/063): a realtor's own clients, or the corporation's for
     * managers and administrators, narrowed to one realtor when they choose one.
     */
    async attention(auth: AuthContext, query: AttentionQuery): Promise<AttentionList> {
      const tenantId = ownTenantWith(auth, Privilege.CanManageClients);
      const pageSize = attentionRules.pageSize;
      const page = await attention.attentionPage({
        tenantId,
        realtorId: realtorScope(auth) ?? query.realtorId?.toLowerCase() ?? null,
        now: now(),
        limit: pageSize,
        offset: (query.page - 1) * pageSize,
      });
      const total = Object.values(page.counts).reduce((sum, n) => sum + n, 0);
      return { ...page, page: query.page, pageSize, total };
    },

    async summary(auth: AuthContext): Promise<HomeSummary> {
      const summary: HomeSummary = {
        clients: null,
        enabledProperties: null,
        unsubscribedProperties: null,
        noReminderProperties: null,
        pendingProperties: null,
        disabledProperties: null,
        replacementSoonProperties: null,
        dueNext30Days: null,
        licensedProperties: null,
        licenseEndedOn: null,
        realtors: null,
        corporateUsers: null,
        corporations: null,
        activeNotifications: null,
      };
      const license = await home.license(auth.tenantId);
      // The operator's own corporation holds no license and no clients: its Home counts neither
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
