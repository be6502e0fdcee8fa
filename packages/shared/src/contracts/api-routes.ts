/**
 * The API routes the web app calls, keyed by method and path as the server declares them (under
 * `<BASE_PATH>api`, with `:name` for a path parameter), each with the schemas of what it takes and
 * what it responds with (docs/decisions/056). The web's HTTP client takes its paths and types from this
 * map; the API's route files use the same schemas, and a test in the API checks that every entry is
 * a route of the served OpenAPI document, with the same path parameters.
 *
 * An entry without `response` responds with nothing (204). `form` marks an upload: the body is a
 * multipart form with that field, which the route reads itself.
 */
import { corporationMailRoutes } from './corporation-mail-routes';
import { homeownerHomeRoutes, staffHomeRoutes } from './home-routes';
import { healthOverviewQuerySchema, healthOverviewSchema } from './home-health';
import { z } from '../zod';
import {
  invitationSchema,
  invitationSentSchema,
  linkTokenSchema,
  registeredSchema,
  resetLinkStatusSchema,
} from './account';
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
} from './admin';
import {
  replyPreviewSchema,
  replyRequestSchema,
  replyResultSchema,
  replyTokenRequestSchema,
  clientTimelineQuerySchema,
  clientTimelineSchema,
} from './replies';
import {
  attentionListSchema,
  attentionQuerySchema,
  helpHandledResultSchema,
  helpHandledSchema,
} from './attention';
import { auditPageSchema, auditPeopleSchema, auditQuerySchema } from './audit';
import {
  bulkResultSchema,
  clientBulkRequestSchema,
  clientSelectionExportSchema,
  tenantUserBulkRequestSchema,
} from './client-selection';
import {
  reminderTaskInputSchema,
  reminderTaskListSchema,
  reminderTaskRemovedSchema,
  reminderTaskSchema,
} from './reminder-tasks';
import {
  loginResponseSchema,
  privilegeResultsSchema,
  profileImageSchema,
  uiCheckRequestSchema,
  uiCheckResponseSchema,
  whoAmISchema,
} from './auth';
import {
  bulkEmailUniqueRequestSchema,
  bulkEmailUniqueResultSchema,
  bulkPageQuerySchema,
  bulkPageSchema,
  bulkPreviewSchema,
  bulkProcessRequestSchema,
  bulkProcessResultSchema,
  bulkQueueRequestSchema,
  bulkQueueResultSchema,
  bulkUpdateRequestSchema,
} from './bulk';
import { savedMappingRequestSchema, savedMappingSchema, saveMappingRequestSchema } from './bulk-mapping';
import { clientUserUpdateSchema } from './client-user-form';
import { defaultReminderSetSchema, defaultReminderSetUpdateSchema } from './default-reminders';
import {
  clientDetailSchema,
  clientGridQuerySchema,
  clientGridSchema,
  clientSetupSchema,
  maintenanceFrequencySchema,
  nextTenantQuerySchema,
  pendingCountSchema,
  propertyCountsSchema,
  propertyToggleResultSchema,
  propertyToggleSchema,
  realtorOptionSchema,
  reminderCatalogueQuerySchema,
  reminderCatalogueSchema,
  upcomingReminderListSchema,
} from './clients';
import {
  calendarFeedSchema,
  homeownerReplyResultSchema,
  homeownerReplySchema,
  homeownerHistorySchema,
  homeownerOverviewSchema,
  homeSwitchSchema,
  reminderSwitchSchema,
} from './homeowner';
import { homeSummarySchema, tenantDetailsSchema, usStateSchema } from './identity';
import {
  reminderActivityQuerySchema,
  reminderActivitySchema,
  sentMailDetailSchema,
  sentMailPageSchema,
  sentMailQuerySchema,
  unsubscribePreviewSchema,
  unsubscribeRequestSchema,
  unsubscribeResultSchema,
} from './mail';
import {
  activeNotificationSchema,
  notificationInputSchema,
  notificationPageSchema,
  notificationSchema,
} from './notifications';
import {
  templateCreatedSchema,
  templateCreateSchema,
  templateExistsSchema,
  templateListSchema,
  templateNameExistsSchema,
  templateSchema,
  templateUpload,
} from './templates';
import {
  changePasswordSchema,
  messageResponseSchema,
  ownProfileSchema,
  ownProfileUpdateSchema,
  ownPreferencesSchema,
  temporaryPasswordSchema,
  tenantUserCreateSchema,
  tenantUserListSchema,
  tenantUserQuerySchema,
  tenantUserSchema,
  tenantUserToggleSchema,
  tenantUserUpdateSchema,
} from './tenant-users';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from '../validation/forms';
import { reminderSubscriptionQuerySchema } from '../validation/paging';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What one route takes and responds with. */
export interface ApiRoute {
  query?: z.ZodType;
  body?: z.ZodType;
  /** An upload: a multipart form with this file field instead of a JSON body. */
  form?: string;
  response?: z.ZodType;
}

/** The query of the login route: who signs in, for the access log only. */
export const loginQuerySchema = z.object({ who: z.string().optional() });
/** `?responseType=json` of the image routes: the image comes as base64 in JSON. */
export const imageQuerySchema = z.object({ responseType: z.enum(['json']).optional() });
export const impersonationCheckSchema = z.object({ allowed: z.boolean() });
export const impersonationTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
export const removedCountSchema = z.object({ removed: z.number() });
/** The field of every image upload (profile pictures, branding). */
export const imageUploadField = 'newImage';

const image = { query: imageQuerySchema, response: profileImageSchema } as const;
const imageUpload = { form: imageUploadField, response: profileImageSchema } as const;

// The calls that stand under more than one path: a switch's two directions, or the same call in
// the admin area and the user's own.
const passwordChange = { body: changePasswordSchema, response: messageResponseSchema } as const;
const clientSetup = {
  body: z.union([clientSetupSchema, clientUserUpdateSchema]),
  response: clientDetailSchema,
} as const;
const propertySwitch = { body: propertyToggleSchema, response: propertyToggleResultSchema } as const;
const bulkRemoval = { response: removedCountSchema } as const;
const corporation = { response: corporationDetailsSchema } as const;
const reminderTaskWrite = { body: reminderTaskInputSchema, response: reminderTaskSchema } as const;
const tenantUserSwitch = { body: tenantUserToggleSchema, response: tenantUserSchema } as const;
const tenantUserQuery = { body: tenantUserQuerySchema, response: tenantUserListSchema } as const;
const notificationWrite = { body: notificationInputSchema, response: notificationSchema } as const;

export const apiRoutes = {
  // Auth and account (docs/requirements.md §8.2 "Auth")
  'POST /auth/login/': { query: loginQuerySchema, body: loginSchema, response: loginResponseSchema },
  'POST /auth/logout': {},
  'GET /auth/who-am-i': { response: whoAmISchema },
  'POST /auth/forgot-password': { body: forgotPasswordSchema, response: messageResponseSchema },
  'POST /auth/reset-password/check': { body: linkTokenSchema, response: resetLinkStatusSchema },
  'POST /auth/reset-password': { body: resetPasswordSchema, response: messageResponseSchema },
  'POST /auth/register/invitation': { body: linkTokenSchema, response: invitationSchema },
  'POST /auth/register': { body: registerSchema, response: registeredSchema },
  'GET /auth/impersonate/check': { response: impersonationCheckSchema },
  'POST /auth/impersonate/:userId': { response: impersonationTokenSchema },
  'DELETE /auth/impersonate': {},
  'POST /auth/unsubscribe/preview': { body: unsubscribeRequestSchema, response: unsubscribePreviewSchema },
  'POST /auth/unsubscribe': { body: unsubscribeRequestSchema, response: unsubscribeResultSchema },
  // The replies of a reminder email's links (docs/decisions/061), no sign-in
  'POST /answers/:action/preview': { body: replyTokenRequestSchema, response: replyPreviewSchema },
  'POST /answers/:action': { body: replyRequestSchema, response: replyResultSchema },

  // The signed-in person
  'GET /homeowner/overview': { response: homeownerOverviewSchema },
  'PUT /homeowner/reminders/:id': { body: reminderSwitchSchema, response: messageResponseSchema },
  'PUT /homeowner/homes/:id': { body: homeSwitchSchema, response: messageResponseSchema },
  'POST /homeowner/unsubscribe': { response: messageResponseSchema },
  'POST /homeowner/resubscribe': { response: messageResponseSchema },
  'POST /homeowner/email/confirm': { response: messageResponseSchema },
  'POST /homeowner/password': passwordChange,
  'POST /homeowner/calendar': { response: calendarFeedSchema },
  'POST /homeowner/reminders/:id/answer': {
    body: homeownerReplySchema,
    response: homeownerReplyResultSchema,
  },
  'GET /homeowner/history': { response: homeownerHistorySchema },
  ...homeownerHomeRoutes,
  'GET /homeowner/realtor/photo': image,
  'GET /homeowner/brand/logo': image,
  'GET /id/profile': { response: ownProfileSchema },
  'PUT /id/profile': { body: ownProfileUpdateSchema, response: ownProfileSchema },
  'PUT /id/preferences': { body: ownPreferencesSchema, response: ownProfileSchema },
  'POST /id/password': passwordChange,
  'GET /id/profile/image': image,
  'PUT /id/profile/image': imageUpload,
  'GET /id/tenant-details': { response: tenantDetailsSchema },
  'GET /lookups/us-states': { response: z.array(usStateSchema) },
  'POST /sec/permission/ui-check': { body: uiCheckRequestSchema, response: uiCheckResponseSchema },
  'POST /sec/permission/privileges/:name': { response: privilegeResultsSchema },

  // Home
  'GET /home/summary': { response: homeSummarySchema },
  'GET /home/reminder-activity': { query: reminderActivityQuerySchema, response: reminderActivitySchema },
  'GET /home/attention': { query: attentionQuerySchema, response: attentionListSchema },
  'GET /home/health': { query: healthOverviewQuerySchema, response: healthOverviewSchema },
  'POST /reminder/subscriptions/:pageSize/:page': {
    body: reminderSubscriptionQuerySchema.pick({ daysFilter: true }),
    response: upcomingReminderListSchema,
  },

  // Clients, and the admin variants of the same calls
  'POST /clients/grid': { body: clientGridQuerySchema, response: clientGridSchema },
  'POST /clients/nextTenant': { body: nextTenantQuerySchema, response: clientGridSchema },
  'POST /clients/reminders': { body: reminderCatalogueQuerySchema, response: reminderCatalogueSchema },
  'GET /clients/client/:id': { response: clientDetailSchema },
  'GET /clients/client/:id/activity': { query: clientTimelineQuerySchema, response: clientTimelineSchema },
  'POST /clients/help/:answerId/handled': { body: helpHandledSchema, response: helpHandledResultSchema },
  'GET /admin/clientUsers/:id': { response: clientDetailSchema },
  'PUT /clients/setup': clientSetup,
  'POST /admin/clientUsers/setup': clientSetup,
  'POST /clients/enable': propertySwitch,
  'POST /clients/disable': propertySwitch,
  'POST /clients/resubscribe/:id': { response: clientDetailSchema },
  'POST /clients/invite/:id': { response: invitationSentSchema },
  'DELETE /clients/reminderSubscription/:id': {},
  'DELETE /clients/clientUser/:id': {},
  'GET /clients/properties/count': { response: propertyCountsSchema },
  ...staffHomeRoutes,
  'GET /clients/properties/pendingCount': { response: pendingCountSchema },
  'GET /clients/realtors': { response: z.array(realtorOptionSchema) },
  'GET /clients/frequencies': { response: z.array(maintenanceFrequencySchema) },
  /** Responds with a CSV file (downloadFile). */
  'POST /clients/export': { body: clientGridQuerySchema },
  'POST /clients/bulk': { body: clientBulkRequestSchema, response: bulkResultSchema },
  /** Responds with a CSV file (downloadFile). */
  'POST /clients/bulk/export': { body: clientSelectionExportSchema },

  // Bulk upload
  'POST /bulk/is-email-unique': { body: bulkEmailUniqueRequestSchema, response: bulkEmailUniqueResultSchema },
  'POST /bulk/process/:tenant': { body: bulkProcessRequestSchema, response: bulkProcessResultSchema },
  'GET /bulk/:tenant/preview': { response: bulkPreviewSchema },
  'GET /bulk/:tenant/realtors': { response: z.array(realtorOptionSchema) },
  'POST /bulk/:tenant': { body: bulkQueueRequestSchema, response: bulkQueueResultSchema },
  'GET /bulk/:tenantID/:page/:pageSize': { query: bulkPageQuerySchema, response: bulkPageSchema },
  'DELETE /bulk/:tenant/all': bulkRemoval,
  'DELETE /bulk/:tenant/problems': bulkRemoval,
  'POST /bulk/:tenant/mapping/find': { body: savedMappingRequestSchema, response: savedMappingSchema },
  'PUT /bulk/:tenant/mapping': { body: saveMappingRequestSchema },
  'PUT /bulk/:tenant/:id': { body: bulkUpdateRequestSchema },
  'DELETE /bulk/:tenant/:id': {},

  // Corporations
  'POST /admin/corporation': { body: corporationCreateSchema(), response: corporationDetailsSchema },
  'POST /admin/corporation/query': { body: corporationQuerySchema, response: corporationListSchema },
  'GET /admin/corporation/:id': corporation,
  'POST /admin/corporation/enable/:id': corporation,
  'POST /admin/corporation/disable/:id': corporation,
  'POST /corporation/settings/tenantSite/:id': { body: tenantSiteSchema, response: corporationDetailsSchema },
  'PUT /corporation/settings/billing/:id': { body: billingSchema(), response: corporationDetailsSchema },
  'PUT /corporation/settings/address/:id': {
    body: corporationAddressSchema,
    response: corporationDetailsSchema,
  },
  'POST /corporation/settings/tenantLicense/:id': {
    body: tenantLicenseSchema,
    response: corporationDetailsSchema,
  },
  'GET /corporation/settings/defaultReminders/:id': { response: defaultReminderSetSchema },
  ...corporationMailRoutes,
  'PUT /corporation/settings/defaultReminders/:id': {
    body: defaultReminderSetUpdateSchema,
    response: defaultReminderSetSchema,
  },
  'GET /corporation/settings/:id/branding': image,
  'PUT /corporation/settings/:id/branding': imageUpload,
  'GET /admin/Licensing/:tenantID': { response: licensingSummarySchema },
  'GET /corporation/reminder-tasks': { response: reminderTaskListSchema },
  'POST /corporation/reminder-tasks': reminderTaskWrite,
  'PUT /corporation/reminder-tasks/:id': reminderTaskWrite,
  'DELETE /corporation/reminder-tasks/:id': { response: reminderTaskRemovedSchema },

  // Tenant users
  'POST /admin/tenantUsers/enable': tenantUserSwitch,
  'POST /admin/tenantUsers/disable': tenantUserSwitch,
  'POST /admin/tenantUsers/bulk': { body: tenantUserBulkRequestSchema, response: bulkResultSchema },
  'POST /admin/tenantusers/query': tenantUserQuery,
  'POST /admin/tenantusers/query-realtors': tenantUserQuery,
  'GET /admin/tenantusers/:tenantUserId': { response: tenantUserSchema },
  'POST /admin/user': { body: tenantUserCreateSchema, response: tenantUserSchema },
  'PUT /admin/user/updateUser/:id': { body: tenantUserUpdateSchema, response: tenantUserSchema },
  'POST /admin/user/:id/send-reset': { response: messageResponseSchema },
  'POST /admin/user/:id/temporary-password': {
    body: temporaryPasswordSchema,
    response: messageResponseSchema,
  },
  'GET /admin/user/profile/:id': image,
  'PUT /admin/user/profile/:id': imageUpload,

  // Audit log and sent mail
  'POST /admin/audit/query': { body: auditQuerySchema, response: auditPageSchema },
  'GET /admin/audit/people': { response: auditPeopleSchema },
  'POST /admin/mail/query': { body: sentMailQuerySchema, response: sentMailPageSchema },
  'GET /admin/mail/:tenantId/:id': { response: sentMailDetailSchema },

  // Notifications
  'GET /notification/active': { response: z.array(activeNotificationSchema) },
  'GET /notification/:pageSize/:page/all': { response: notificationPageSchema },
  'POST /notification': notificationWrite,
  'PUT /notification/:messageId': notificationWrite,
  'POST /notification/:messageId/retire': { response: notificationSchema },
  'POST /notification/:messageId/dismiss': {},

  // Templates
  'GET /admin/template': { response: templateListSchema },
  'POST /admin/template': { body: templateCreateSchema, response: templateCreatedSchema },
  'POST /admin/template/exists': { body: templateNameExistsSchema, response: templateExistsSchema },
  'POST /admin/template/exists_:id': { response: templateExistsSchema },
  'POST /admin/template/file/:templateId': { form: templateUpload.fieldName, response: templateSchema },
  /** Responds with the template's file (downloadFile). */
  'GET /admin/template/file/:templateId': {},
} as const satisfies Record<`${ApiMethod} /${string}`, ApiRoute>;

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteKey = keyof ApiRoutes;

/** The paths of one method, e.g. `'/clients/client/:id'` for GET. */
export type ApiPath<Method extends ApiMethod> = ApiRouteKey extends infer Key
  ? Key extends `${Method} ${infer Path}`
    ? Path
    : never
  : never;

/** The names of a path's parameters: `'/bulk/:tenant/:id'` has `tenant` and `id`. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamNames<`/${Tail}`>
    : Rest
  : never;

/** The values a path's parameters take; each is put in the path escaped. */
export type ApiParams<Path extends string> = { [Name in ParamNames<Path>]: string | number };

type RouteOf<Method extends ApiMethod, Path extends ApiPath<Method>> = ApiRoutes[`${Method} ${Path}` &
  ApiRouteKey];

/** What a route responds with: its response schema's output, or nothing. */
export type ApiResponse<Method extends ApiMethod, Path extends ApiPath<Method>> =
  RouteOf<Method, Path> extends { response: infer Schema extends z.ZodType } ? z.output<Schema> : void;

/** The JSON body a route takes, as the caller writes it (its schema's input). */
export type ApiBody<Method extends ApiMethod, Path extends ApiPath<Method>> =
  RouteOf<Method, Path> extends { body: infer Schema extends z.ZodType }
    ? z.input<Schema>
    : RouteOf<Method, Path> extends { form: string }
      ? FormData
      : never;

/** The query a route takes, as the caller writes it. */
export type ApiQuery<Method extends ApiMethod, Path extends ApiPath<Method>> =
  RouteOf<Method, Path> extends { query: infer Schema extends z.ZodType } ? z.input<Schema> : never;
