import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { upcomingReminderListSchema } from '@homeminder/shared/contracts/clients';
import { Privilege } from '@homeminder/shared/permissions';
import { reminderSubscriptionQuerySchema } from '@homeminder/shared/validation/paging';
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
  app.post(
    '/reminder/subscriptions/:pageSize/:page',
    {
      schema: {
        tags: ['reminders'],
        summary:
          'Reminders due in the next N days (positive daysFilter) or overdue by up to N days (negative)',
        params: reminderSubscriptionQuerySchema.pick({ pageSize: true, page: true }),
        body: reminderSubscriptionQuerySchema.pick({ daysFilter: true }),
        response: { 200: upcomingReminderListSchema },
      },
      preValidation: requireAnyPrivilege(Privilege.CanManageClients),
    },
    async (request) => reminders.due(authOf(request), request.body.daysFilter, request.params),
  );
};
