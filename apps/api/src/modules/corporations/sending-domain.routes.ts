import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-route';
import { routeDefaults } from '../../plugins/route-defaults';
import { idParams, managers } from './default-reminders.routes';
import type { SendingDomainService } from './sending-domain.service';

/** A corporation's own sending domain (docs/decisions/105), for its administrators or the operator. */
export const sendingDomainRoutes: FastifyPluginAsyncZod<{ domains: SendingDomainService }> = async (
  app,
  { domains },
) => {
  routeDefaults(app, { tags: ['corporations'] });
  const settings = { dataScope: 'all-tenants', params: idParams, preValidation: managers } as const;
  const path = '/corporation/settings/sendingDomain/:id';

  apiRoute(
    app,
    `GET ${path}`,
    { ...settings, summary: "The corporation's own sending domain and the DNS records it needs" },
    async (request) => domains.get(callerOf(request), request.params.id),
  );
  apiRoute(
    app,
    `PUT ${path}`,
    {
      ...settings,
      summary:
        'Send from a domain of the corporation: makes its DKIM key; mail uses it once the record is found',
    },
    async (request) => domains.set(callerOf(request), request.params.id, request.body.domain),
  );
  apiRoute(
    app,
    `POST ${path}/check`,
    {
      ...settings,
      summary: 'Look the DKIM record up in DNS; once found, mail is signed and sent from the domain',
    },
    async (request) => domains.check(callerOf(request), request.params.id),
  );
  apiRoute(
    app,
    `DELETE ${path}`,
    { ...settings, summary: "Send from the portal's domain again" },
    async (request) => domains.remove(callerOf(request), request.params.id),
  );
};
