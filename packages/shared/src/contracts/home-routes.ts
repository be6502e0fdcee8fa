/**
 * The calls of a home's profile, systems, plan (docs/decisions/088 to 091), care record (094), sale (096), reminder timing (102) and texts (106), for the homeowner's
 * own homes and for staff's clients' homes: the same calls under two paths. `api-routes.ts`
 * spreads them into the map.
 */
import {
  careEntrySchema,
  careEntryValuesSchema,
  careFileUpload,
  careRecordQuerySchema,
  careRecordSchema,
  homeReportQuerySchema,
} from './care-record';
import { homeHealthSchema } from './home-health';
import { homeSaleAnswerSchema, homeSaleInputSchema, homeSaleSavedSchema, soldHomesSchema } from './home-sale';
import { homePlanAppliedSchema, homePlanChangeSchema, homePlanSchema } from './home-plan';
import { homeProfileResultSchema, homeProfileSchema } from './home-profile';
import { labelPhotoUpload, manualUpload } from './home-system-files';
import { homeSystemInputSchema, homeSystemListSchema, homeSystemSchema } from './home-systems';
import { emailCadenceSchema, reminderTimingSchema } from './reminder-timing';
import { textConsentSchema, textSettingsSchema } from './texts';
import { messageResponseSchema } from './shapes';

const profile = { response: homeProfileResultSchema } as const;
const profileWrite = { body: homeProfileSchema, response: homeProfileResultSchema } as const;
const systems = { response: homeSystemListSchema } as const;
const systemWrite = { body: homeSystemInputSchema, response: homeSystemSchema } as const;
const systemRemoval = { response: messageResponseSchema } as const;
const labelWrite = { form: labelPhotoUpload.fieldName, response: homeSystemSchema } as const;
const manualWrite = { form: manualUpload.fieldName, response: homeSystemSchema } as const;
const fileRemoval = { response: homeSystemSchema } as const;
/** Responds with the file itself (`fetchFile`, `downloadFile`). */
const fileRead = {} as const;
const plan = { response: homePlanSchema } as const;
const planChange = { body: homePlanChangeSchema, response: homePlanAppliedSchema } as const;
const record = { query: careRecordQuerySchema, response: careRecordSchema } as const;
const entryWrite = { body: careEntryValuesSchema, response: careEntrySchema } as const;
const entryRemoval = { response: messageResponseSchema } as const;
const careFileWrite = { form: careFileUpload.fieldName, response: careEntrySchema } as const;
const careFileRemoval = { response: careEntrySchema } as const;
/** Responds with the PDF itself. */
const report = { query: homeReportQuerySchema } as const;
const sale = { response: homeSaleAnswerSchema } as const;
const health = { response: homeHealthSchema } as const;
const timing = { body: reminderTimingSchema, response: messageResponseSchema } as const;
const cadence = { body: emailCadenceSchema, response: messageResponseSchema } as const;
const texts = { response: textSettingsSchema } as const;
const textsOn = { body: textConsentSchema, response: messageResponseSchema } as const;

export const homeownerHomeRoutes = {
  'GET /homeowner/homes/:id/profile': profile,
  'PUT /homeowner/homes/:id/profile': profileWrite,
  'PUT /homeowner/homes/:id/reminder-timing': timing,
  'PUT /homeowner/homes/:id/email-cadence': cadence,
  'GET /homeowner/homes/:id/texts': texts,
  'PUT /homeowner/homes/:id/texts': textsOn,
  'DELETE /homeowner/homes/:id/texts': { response: messageResponseSchema },
  'GET /homeowner/homes/:id/systems': systems,
  'POST /homeowner/homes/:id/systems': systemWrite,
  'PUT /homeowner/homes/:id/systems/:systemId': systemWrite,
  'DELETE /homeowner/homes/:id/systems/:systemId': systemRemoval,
  'PUT /homeowner/homes/:id/systems/:systemId/label': labelWrite,
  'GET /homeowner/homes/:id/systems/:systemId/label': fileRead,
  'DELETE /homeowner/homes/:id/systems/:systemId/label': fileRemoval,
  'PUT /homeowner/homes/:id/systems/:systemId/manual': manualWrite,
  'GET /homeowner/homes/:id/systems/:systemId/manual': fileRead,
  'DELETE /homeowner/homes/:id/systems/:systemId/manual': fileRemoval,
  'GET /homeowner/homes/:id/plan': plan,
  'POST /homeowner/homes/:id/plan': planChange,
  'GET /homeowner/homes/:id/record': record,
  'POST /homeowner/homes/:id/record': entryWrite,
  'PUT /homeowner/homes/:id/record/:entryId': entryWrite,
  'DELETE /homeowner/homes/:id/record/:entryId': entryRemoval,
  'POST /homeowner/homes/:id/record/:entryId/files': careFileWrite,
  'GET /homeowner/homes/:id/record/:entryId/files/:fileId': fileRead,
  'DELETE /homeowner/homes/:id/record/:entryId/files/:fileId': careFileRemoval,
  'GET /homeowner/homes/:id/report': report,
  'GET /homeowner/homes/:id/sale': sale,
  'GET /homeowner/homes/:id/health': health,
  // The homes the homeowner sold (docs/decisions/096), each with the report kept at its closing.
  'GET /homeowner/sold-homes': { response: soldHomesSchema },
  'GET /homeowner/sold-homes/:id/report': fileRead,
} as const;

export const staffHomeRoutes = {
  'GET /clients/properties/:id/profile': profile,
  'PUT /clients/properties/:id/profile': profileWrite,
  'PUT /clients/properties/:id/reminder-timing': timing,
  'PUT /clients/properties/:id/email-cadence': cadence,
  'GET /clients/properties/:id/texts': texts,
  'PUT /clients/properties/:id/texts': textsOn,
  'DELETE /clients/properties/:id/texts': { response: messageResponseSchema },
  'GET /clients/properties/:id/systems': systems,
  'POST /clients/properties/:id/systems': systemWrite,
  'PUT /clients/properties/:id/systems/:systemId': systemWrite,
  'DELETE /clients/properties/:id/systems/:systemId': systemRemoval,
  'PUT /clients/properties/:id/systems/:systemId/label': labelWrite,
  'GET /clients/properties/:id/systems/:systemId/label': fileRead,
  'DELETE /clients/properties/:id/systems/:systemId/label': fileRemoval,
  'PUT /clients/properties/:id/systems/:systemId/manual': manualWrite,
  'GET /clients/properties/:id/systems/:systemId/manual': fileRead,
  'DELETE /clients/properties/:id/systems/:systemId/manual': fileRemoval,
  'GET /clients/properties/:id/plan': plan,
  'POST /clients/properties/:id/plan': planChange,
  'GET /clients/properties/:id/record': record,
  'POST /clients/properties/:id/record': entryWrite,
  'PUT /clients/properties/:id/record/:entryId': entryWrite,
  'DELETE /clients/properties/:id/record/:entryId': entryRemoval,
  'POST /clients/properties/:id/record/:entryId/files': careFileWrite,
  'GET /clients/properties/:id/record/:entryId/files/:fileId': fileRead,
  'DELETE /clients/properties/:id/record/:entryId/files/:fileId': careFileRemoval,
  'GET /clients/properties/:id/report': report,
  'GET /clients/properties/:id/sale': sale,
  'GET /clients/properties/:id/health': health,
  'PUT /clients/properties/:id/sale': { body: homeSaleInputSchema, response: homeSaleSavedSchema },
  'DELETE /clients/properties/:id/sale': { response: messageResponseSchema },
} as const;
