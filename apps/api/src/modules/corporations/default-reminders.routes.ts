import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Privilege } from '@homeminder/shared/permissions';
import { corporationIdSchema } from '@homeminder/shared/validation/ids';
import { callerOf, requireAnyPrivilege } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-route';
import { routeDefaults } from '../../plugins/route-defaults';
import type { DefaultRemindersService } from './default-reminders.service';

export const idParams = z.object({ id: corporationIdSchema });

/** Whoever sets up clients reads the set: the set-up form starts from it. */
const readers = requireAnyPrivilege(
  Privilege.CanManageClients,
  Privilege.AdminCanManageCorporation,
  Privilege.AddCorporateAccounts,
);
/** Changed, like every corporation setting, by its administrators or the operator. */
export const managers = requireAnyPrivilege(
  Privilege.AdminCanManageCorporation,
  Privilege.AddCorporateAccounts,
);

/** A corporation's default reminder set (docs/decisions/060) and when new homes get reminders (102). */
export const defaultReminderRoutes: FastifyPluginAsyncZod<{ defaults: DefaultRemindersService }> = async (
  app,
  { defaults },
) => {
  routeDefaults(app, { tags: ['corporations'] });
  const settings = { dataScope: 'all-tenants', params: idParams } as const;

  apiRoute(
    app,
    'GET /corporation/settings/defaultReminders/:id',
    {
      ...settings,
      preValidation: readers,
      summary: "The reminders the corporation's new clients start with",
    },
    async (request) => defaults.get(callerOf(request), request.params.id),
  );

  apiRoute(
    app,
    'PUT /corporation/settings/defaultReminders/:id',
    {
      ...settings,
      preValidation: managers,
      summary: 'Replace the default reminders: the whole list, in order, each task once with a frequency',
    },
    async (request) => defaults.replace(callerOf(request), request.params.id, request.body),
  );

  apiRoute(
    app,
    'GET /corporation/settings/reminderTiming/:id',
    {
      ...settings,
      preValidation: readers,
      summary:
        "When the corporation's new homes get their reminders (on the due day or days before) and how often new clients are emailed",
    },
    async (request) => defaults.timing(callerOf(request), request.params.id),
  );

  apiRoute(
    app,
    'PUT /corporation/settings/reminderTiming/:id',
    {
      ...settings,
      preValidation: managers,
      summary:
        'Choose when new homes get their reminders, or how often new clients are emailed; each owner or staff may change them after',
    },
    async (request) => defaults.setTiming(callerOf(request), request.params.id, request.body),
  );
};
