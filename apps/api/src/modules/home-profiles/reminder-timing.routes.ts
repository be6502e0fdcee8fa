import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/api-route';
import { homeAudiences } from './home-access';
import type { ReminderTimingService } from './reminder-timing.service';

/** When a home's reminders go (docs/decisions/102), for its owner and for staff. */
export const reminderTimingRoutes: FastifyPluginAsyncZod<{ timing: ReminderTimingService }> = async (
  app,
  { timing },
) => {
  for (const { base, options, whose, callerOf: as } of homeAudiences()) {
    apiRoute(
      app,
      `PUT ${base}/:id/reminder-timing`,
      {
        ...options,
        summary: `Choose when ${whose} gets its reminders: on the due day or days before`,
      },
      async (request) => timing.set(as(request), request.params.id, request.body.leadDays),
    );
    apiRoute(
      app,
      `PUT ${base}/:id/email-cadence`,
      {
        ...options,
        summary: `Choose how often the owner of ${whose} is emailed: each reminder, or once a month`,
      },
      async (request) => timing.setCadence(as(request), request.params.id, request.body.emailCadence),
    );
  }
};
