import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Privilege } from '@homeminder/shared/permissions';
import { reminderSubscriptionQuerySchema } from '@homeminder/shared/validation/paging';
import { apiRoute } from '../../plugins/api-route';
import { authOf, requireAnyPrivilege } from '../../plugins/auth';
import type { RemindersService } from './reminders.service';

/**
 * `POST /api/reminder/subscriptions/{pageSize}/{page}` with `{ daysFilter }` (docs/requirements.md §8.2 "Reminders"):
 * a positive filter lists reminders due in the next N days, a negative one those overdue by up
 * to N days. Scoped like the client grid: a realtor sees only their own clients' reminders.
 */
export const reminderRoutes: FastifyPluginAsyncZod<{
  reminders: RemindersService;
}> = async (app, { reminders }) => {
  apiRoute(
    app,
    'POST /reminder/subscriptions/:pageSize/:page',
    {
      tags: ['reminders'],
      summary: 'Reminders due in the next N days (positive daysFilter) or overdue by up to N days (negative)',
      preValidation: requireAnyPrivilege(Privilege.CanManageClients),
      params: reminderSubscriptionQuerySchema.pick({ pageSize: true, page: true }),
    },
    async (request) => reminders.due(authOf(request), request.body.daysFilter, request.params),
  );
};
