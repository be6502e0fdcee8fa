import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { upcomingReminderListSchema } from '@homeminder/shared/contracts/clients';
import { Privilege } from '@homeminder/shared/permissions';
import { reminderSubscriptionQuerySchema } from '@homeminder/shared/validation/paging';
import { authOf, requireAnyPrivilege } from '../../plugins/auth';
import { realtorScope } from '../../access/client-scope';
import type { RemindersRepository } from './reminders.repository';

const dayMs = 86_400_000;
/**
 * A window reaches a hundred years at most: every reminder is due within that, and a date
 * thousands of years away is no date the database can compare (a 500 before this limit).
 */
const maxWindowDays = 36_525;

/**
 * `POST /api/reminder/subscriptions/{pageSize}/{page}` with `{ daysFilter }` (SPEC.md section 7):
 * a positive filter lists reminders due in the next N days, a negative one those overdue by up
 * to N days. Scoped like the client grid: a realtor sees only their own clients' reminders.
 */
export const reminderRoutes: FastifyPluginAsyncZod<{
  reminders: RemindersRepository;
  now: () => Date;
}> = async (app, { reminders, now }) => {
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
    async (request) => {
      const auth = authOf(request);
      const { pageSize, page } = request.params;
      const { daysFilter } = request.body;
      const at = now();
      const span = Math.min(Math.abs(daysFilter), maxWindowDays) * dayMs;
      const window =
        daysFilter > 0
          ? { from: at, to: new Date(at.getTime() + span) }
          : { from: new Date(at.getTime() - span), to: at };
      return reminders.dueBetween(auth.tenantId, realtorScope(auth), window, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
    },
  );
};
