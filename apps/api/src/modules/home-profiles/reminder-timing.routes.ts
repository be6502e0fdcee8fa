import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@homeminder/shared/validation/ids';
import { apiRoute } from '../../plugins/api-route';
import { homeAudiences } from './home-access';
import type { ReminderTimingService } from './reminder-timing.service';

/** When a home's reminders go (docs/decisions/102), for its owner and for staff. */
export const reminderTimingRoutes: FastifyPluginAsyncZod<{ timing: ReminderTimingService }> = async (
  app,
  { timing },
) => {
  const params = z.object({ id: idSchema });
  for (const { base, options, whose, callerOf: as } of homeAudiences()) {
    apiRoute(
      app,
      `PUT ${base}/:id/reminder-timing`,
      {
        ...options,
        params,
        summary: `Choose when ${whose} gets its reminders: on the due day or days before`,
      },
      async (request) => timing.set(as(request), request.params.id, request.body.leadDays),
    );
    apiRoute(
      app,
      `PUT ${base}/:id/email-cadence`,
      {
        ...options,
        params,
        summary: `Choose how often the owner of ${whose} is emailed: each reminder, or once a month`,
      },
      async (request) => timing.setCadence(as(request), request.params.id, request.body.emailCadence),
    );
  }
};
