import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeSummarySchema, type HomeSummary } from '@homeminder/shared/contracts/identity';
import { licenseEndedOn } from '@homeminder/shared/license';
import { Privilege } from '@homeminder/shared/permissions';
import { authOf, requireAuth } from '../../plugins/auth';
import { realtorScope } from '../../access/client-scope';
import type { HomeRepository } from './home.repository';

export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeRepository; now: () => Date }> = async (
  app,
  { home, now },
) => {
  app.get(
    '/home/summary',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        tags: ['home'],
        summary: "Counts for the signed-in user's Home page",
        response: { 200: homeSummarySchema },
      },
      preValidation: requireAuth,
    },
    async (request) => {
      const auth = authOf(request);
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
      if (auth.privileges.has(Privilege.CanManageClients) && !license.isSystem) {
        Object.assign(summary, await home.clientCounts(auth.tenantId, realtorScope(auth), now()));
      }
      if (auth.privileges.has(Privilege.AdminModule)) {
        Object.assign(summary, await home.staffCounts(auth.tenantId));
        if (!license.isSystem) {
          summary.licensedProperties = license.licensedProperties;
          summary.licenseEndedOn = licenseEndedOn(license.endsOn, license.timeZone, now());
        }
      }
      if (auth.privileges.has(Privilege.AddCorporateAccounts))
        summary.corporations = await home.corporationCount();
      if (auth.privileges.has(Privilege.ManageNotifications)) {
        summary.activeNotifications = await home.activeNotificationCount(now());
      }
      return summary;
    },
  );
};
