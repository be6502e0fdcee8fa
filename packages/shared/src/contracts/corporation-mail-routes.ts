import { messageResponseSchema } from './shapes';
import { corporationReminderTimingChangeSchema, corporationReminderTimingSchema } from './reminder-timing';
import { sendingDomainRequestSchema, sendingDomainSchema } from './sending-domain';

/**
 * How a corporation's mail goes: when and how often its new clients hear (docs/decisions/102,
 * 103) and the domain it is sent from (docs/decisions/105). Part of `apiRoutes`.
 */
export const corporationMailRoutes = {
  'GET /corporation/settings/reminderTiming/:id': { response: corporationReminderTimingSchema },
  'PUT /corporation/settings/reminderTiming/:id': {
    body: corporationReminderTimingChangeSchema,
    response: messageResponseSchema,
  },
  'GET /corporation/settings/sendingDomain/:id': { response: sendingDomainSchema },
  'PUT /corporation/settings/sendingDomain/:id': {
    body: sendingDomainRequestSchema,
    response: sendingDomainSchema,
  },
  'POST /corporation/settings/sendingDomain/:id/check': { response: sendingDomainSchema },
  'DELETE /corporation/settings/sendingDomain/:id': { response: sendingDomainSchema },
} as const;
