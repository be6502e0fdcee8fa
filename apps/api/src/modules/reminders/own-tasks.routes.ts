import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Privilege } from '@homeminder/shared/permissions';
import { idSchema } from '@homeminder/shared/validation/ids';
import { addsUnique, apiRoute } from '../../plugins/api-route';
import { callerOf, requireAnyPrivilege } from '../../plugins/auth';
import { routeDefaults } from '../../plugins/route-defaults';
import type { OwnTasksService } from './own-tasks.service';

const taskParams = z.object({ id: idSchema });

/**
 * A corporation's own reminder tasks beside the shared catalogue (docs/decisions/058): list, add,
 * change, remove. Its administrators only; the service checks the privilege again.
 */
export const ownTaskRoutes: FastifyPluginAsyncZod<{ tasks: OwnTasksService }> = async (app, { tasks }) => {
  routeDefaults(app, {
    tags: ['reminders'],
    preValidation: requireAnyPrivilege(Privilege.AdminCanManageCorporation),
  });

  apiRoute(
    app,
    'GET /corporation/reminder-tasks',
    { summary: "The corporation's own reminder tasks, by name, those no longer offered included" },
    async (request) => tasks.list(callerOf(request)),
  );

  apiRoute(
    app,
    'POST /corporation/reminder-tasks',
    {
      summary: 'Add an own reminder task (its name unique in the corporation and the shared catalogue)',
      // The name is taken.
      ...addsUnique,
    },
    async (request) => tasks.create(callerOf(request), request.body),
  );

  apiRoute(
    app,
    'PUT /corporation/reminder-tasks/:id',
    {
      summary: 'Change an own reminder task; existing subscriptions keep their dates',
      params: taskParams,
      docs: { refusals: [409] },
    },
    async (request) => tasks.update(callerOf(request), request.params.id, request.body),
  );

  apiRoute(
    app,
    'DELETE /corporation/reminder-tasks/:id',
    {
      summary: 'Delete an own reminder task, or stop offering it when properties have it',
      params: taskParams,
    },
    async (request) => tasks.remove(callerOf(request), request.params.id),
  );
};
