import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Privilege } from '@homeminder/shared/permissions';
import { corporationIdSchema, tenantIdSchema } from '@homeminder/shared/validation/ids';
import { callerOf, requireAnyPrivilege, requireAuth } from '../../plugins/auth';
import { addsUnique, apiRoute } from '../../plugins/api-route';
import { routeDefaults } from '../../plugins/route-defaults';
import { corporationManagers, corporationViewers, enableActions } from '../../plugins/corporation-guards';
import { imageRoutes, imageSizes } from '../images';
import type { CorporationsService } from './corporations.service';

const idParams = z.object({ id: corporationIdSchema });

/** The operator's administrators: list, add, enable and disable corporations. */
const systemAdmin = requireAnyPrivilege(Privilege.AddCorporateAccounts);

/** The corporation calls of docs/requirements.md §8.2, plus create and read of one corporation. */
export const corporationRoutes: FastifyPluginAsyncZod<{ corporations: CorporationsService }> = async (
  app,
  { corporations },
) => {
  routeDefaults(app, { tags: ['corporations'] });

  apiRoute(
    app,
    'POST /admin/corporation',
    {
      summary: 'Add a corporation with its settings and first administrator',
      dataScope: 'all-tenants',
      preValidation: systemAdmin,
      // The administrator's email is in use.
      ...addsUnique,
    },
    async (request) => corporations.create(callerOf(request), request.body),
  );

  apiRoute(
    app,
    'POST /admin/corporation/query',
    {
      summary: 'The corporations, paged, sorted and searched',
      dataScope: 'all-tenants',
      preValidation: systemAdmin,
    },
    async (request) => corporations.query(request.body),
  );

  apiRoute(
    app,
    'GET /admin/corporation/:id',
    {
      summary: 'One corporation and its settings',
      dataScope: 'all-tenants',
      preValidation: corporationViewers,
      params: idParams,
    },
    async (request) => corporations.get(callerOf(request), request.params.id),
  );

  for (const [action, enabled] of enableActions) {
    apiRoute(
      app,
      `POST /admin/corporation/${action}/:id`,
      {
        summary: enabled ? 'Enable a corporation' : "Disable a corporation; its users' sessions end",
        dataScope: 'all-tenants',
        preValidation: systemAdmin,
        params: idParams,
      },
      async (request) => corporations.setEnabled(callerOf(request), request.params.id, enabled),
    );
  }

  /** The settings of one corporation, changed by its administrators or the operator. */
  const settings = {
    dataScope: 'all-tenants',
    preValidation: corporationManagers,
    params: idParams,
  } as const;
  apiRoute(
    app,
    'POST /corporation/settings/tenantSite/:id',
    { ...settings, summary: 'Tenant site settings' },
    async (request) => corporations.updateSite(callerOf(request), request.params.id, request.body),
  );

  apiRoute(
    app,
    'PUT /corporation/settings/billing/:id',
    { ...settings, summary: 'Billing card: checked whole, kept as last four digits, brand and expiry' },
    async (request) => corporations.updateBilling(callerOf(request), request.params.id, request.body),
  );

  apiRoute(
    app,
    'PUT /corporation/settings/address/:id',
    { ...settings, summary: 'Address' },
    async (request) => corporations.updateAddress(callerOf(request), request.params.id, request.body),
  );

  apiRoute(
    app,
    'POST /corporation/settings/tenantLicense/:id',
    {
      ...settings,
      summary:
        "Tenant license: number of licensed properties and term (the operator's alone; never below the properties in use)",
      // The license is what a corporation pays for: only the operator changes it (docs/decisions/051).
      preValidation: systemAdmin,
      // Fewer properties than are in use.
      docs: { refusals: [409] },
    },
    async (request) => corporations.updateLicense(callerOf(request), request.params.id, request.body),
  );

  imageRoutes(app, {
    url: '/corporation/settings/:id/branding',
    id: corporationIdSchema,
    maxDimension: imageSizes.branding,
    upload: {
      summary: 'Upload the branding image (multipart, field newImage): PNG, JPEG or WebP up to 2 MB',
      preValidation: corporationManagers,
      save: (caller, id, image) => corporations.setBranding(caller, id, image),
    },
    read: {
      summary: "The corporation's branding image as base64",
      preValidation: requireAuth,
      load: (caller, id) => corporations.branding(caller, id),
    },
  });

  apiRoute(
    app,
    'GET /admin/Licensing/:tenantID',
    {
      summary: 'Licensing summary: licensed, used, available, pending',
      dataScope: 'all-tenants',
      preValidation: corporationViewers,
      params: z.object({ tenantID: tenantIdSchema }),
    },
    async (request) => corporations.licensing(callerOf(request), request.params.tenantID),
  );
};
