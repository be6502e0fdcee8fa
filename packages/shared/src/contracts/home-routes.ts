/**
 * The calls of a home's profile, systems and plan (docs/decisions/088 to 090), for the homeowner's
 * own homes and for staff's clients' homes: the same calls under two paths. `api-routes.ts`
 * spreads them into the map.
 */
import { homePlanAppliedSchema, homePlanChangeSchema, homePlanSchema } from './home-plan';
import { homeProfileResultSchema, homeProfileSchema } from './home-profile';
import { homeSystemInputSchema, homeSystemListSchema, homeSystemSchema } from './home-systems';
import { messageResponseSchema } from './shapes';

const profile = { response: homeProfileResultSchema } as const;
const profileWrite = { body: homeProfileSchema, response: homeProfileResultSchema } as const;
const systems = { response: homeSystemListSchema } as const;
const systemWrite = { body: homeSystemInputSchema, response: homeSystemSchema } as const;
const systemRemoval = { response: messageResponseSchema } as const;
const plan = { response: homePlanSchema } as const;
const planChange = { body: homePlanChangeSchema, response: homePlanAppliedSchema } as const;

export const homeownerHomeRoutes = {
  'GET /homeowner/homes/:id/profile': profile,
  'PUT /homeowner/homes/:id/profile': profileWrite,
  'GET /homeowner/homes/:id/systems': systems,
  'POST /homeowner/homes/:id/systems': systemWrite,
  'PUT /homeowner/homes/:id/systems/:systemId': systemWrite,
  'DELETE /homeowner/homes/:id/systems/:systemId': systemRemoval,
  'GET /homeowner/homes/:id/plan': plan,
  'POST /homeowner/homes/:id/plan': planChange,
} as const;

export const staffHomeRoutes = {
  'GET /clients/properties/:id/profile': profile,
  'PUT /clients/properties/:id/profile': profileWrite,
  'GET /clients/properties/:id/systems': systems,
  'POST /clients/properties/:id/systems': systemWrite,
  'PUT /clients/properties/:id/systems/:systemId': systemWrite,
  'DELETE /clients/properties/:id/systems/:systemId': systemRemoval,
  'GET /clients/properties/:id/plan': plan,
  'POST /clients/properties/:id/plan': planChange,
} as const;
