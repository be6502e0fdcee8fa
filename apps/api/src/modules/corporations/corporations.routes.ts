import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingSchema,
  corporationAddressSchema,
  corporationCreateSchema,
  corporationDetailsSchema,
  corporationListSchema,
  corporationQuerySchema,
  licensingSummarySchema,
  tenantLicenseSchema,
  tenantSiteSchema,
} from '@homeminder/shared/contracts/admin';
import { Privilege } from '@homeminder/shared/permissions';
import { corporationIdSchema, tenantIdSchema } from '@homeminder/shared/validation/ids';
import { callerOf, requireAnyPrivilege, requireAuth } from '../../plugins/auth';
import { routeDefaults } from '../../plugins/route-defaults';
import { imageSizes } from '../images/image-upload';
import { imageRoutes } from '../images/image-routes';
import type { CorporationsService } from './corporations.service';

const idParams = z.object({ id: corporationIdSchema });

// Privileges are checked at preValidation, before the body is: a caller without the privilege gets
// 401/403 and learns nothing of the validation rules.
/** The operator's administrators: list, add, enable and disable corporations. */
const systemAdmin = requireAnyPrivilege(Privilege.AddCorporateAccounts);
/** Read a corporation's details and licensing: its staff, or the operator. */
const viewers = requireAnyPrivilege(Privilege.AdminModule, Privilege.AddCorporateAccounts);
/** Change a corporation's settings: its administrators, or the operator. */
const managers = requireAnyPrivilege(Privilege.AdminCanManageCorporation, Privilege.AddCorporateAccounts);

/** The corporation calls of docs/requirements.md §8.2, plus create and read of one corporation. */
export const corporationRoutes: FastifyPluginAsyncZod<{ corporations: CorporationsService }> = async (
  app,
  { corporations },
) => {
  const tags = ['corporations'];
  routeDefaults(app, { tags: tags });

  app.post(
    '/admin/corporation',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'Add a corporation with its settings and first administrator',
        body: corporationCreateSchema(),
        response: { 201: corporationDetailsSchema },
      },
      preValidation: systemAdmin,
    },
    async (request, reply) =>
      reply.status(201).send(await corporations.create(callerOf(request), request.body)),
  );

  app.post(
    '/admin/corporation/query',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'The corporations, paged, sorted and searched',
        body: corporationQuerySchema,
        response: { 200: corporationListSchema },
      },
      preValidation: systemAdmin,
    },
    async (request) => corporations.query(request.body),
  );

  app.get(
    '/admin/corporation/:id',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'One corporation and its settings',
        params: idParams,
        response: { 200: corporationDetailsSchema },
      },
      preValidation: viewers,
    },
    async (request) => corporations.get(callerOf(request), request.params.id),
  );

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `/admin/corporation/${action}/:id`,
      {
        config: { dataScope: 'all-tenants' },
        schema: {
          summary: enabled ? 'Enable a corporation' : "Disable a corporation; its users' sessions end",
          params: idParams,
          response: { 200: corporationDetailsSchema },
        },
        preValidation: systemAdmin,
      },
      async (request) => corporations.setEnabled(callerOf(request), request.params.id, enabled),
    );
  }

  app.post(
    '/corporation/settings/tenantSite/:id',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'Tenant site settings',
        params: idParams,
        body: tenantSiteSchema,
        response: { 200: corporationDetailsSchema },
      },
      preValidation: managers,
    },
    async (request) => corporations.updateSite(callerOf(request), request.params.id, request.body),
  );

  app.put(
    '/corporation/settings/billing/:id',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'Billing card: checked whole, kept as last four digits, brand and expiry',
        params: idParams,
        body: billingSchema(),
        response: { 200: corporationDetailsSchema },
      },
      preValidation: managers,
    },
    async (request) => corporations.updateBilling(callerOf(request), request.params.id, request.body),
  );

  app.put(
    '/corporation/settings/address/:id',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'Address',
        params: idParams,
        body: corporationAddressSchema,
        response: { 200: corporationDetailsSchema },
      },
      preValidation: managers,
    },
    async (request) => corporations.updateAddress(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/corporation/settings/tenantLicense/:id',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary:
          "Tenant license: number of licensed properties and term (the operator's alone; never below the properties in use)",
        params: idParams,
        body: tenantLicenseSchema,
        response: { 200: corporationDetailsSchema },
      },
      // The license is what a corporation pays for: only the operator changes it (docs/decisions/051).
      preValidation: systemAdmin,
    },
    async (request) => corporations.updateLicense(callerOf(request), request.params.id, request.body),
  );

  imageRoutes(app, {
    url: '/corporation/settings/:id/branding',
    id: corporationIdSchema,
    maxDimension: imageSizes.branding,
    upload: {
      summary: 'Upload the branding image (multipart, field newImage): PNG, JPEG or WebP up to 2 MB',
      preValidation: managers,
      save: (caller, id, image) => corporations.setBranding(caller, id, image),
    },
    read: {
      summary: "The corporation's branding image as base64",
      preValidation: requireAuth,
      load: (caller, id) => corporations.branding(caller, id),
    },
  });

  app.get(
    '/admin/Licensing/:tenantID',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'Licensing summary: licensed, used, available, pending',
        params: z.object({ tenantID: tenantIdSchema }),
        response: { 200: licensingSummarySchema },
      },
      preValidation: viewers,
    },
    async (request) => corporations.licensing(callerOf(request), request.params.tenantID),
  );
};
