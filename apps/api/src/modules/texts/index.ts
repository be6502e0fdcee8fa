// The texts module as other modules see it; they import nothing else of it (eslint.config.mjs).
export {
  heardWithTexts,
  insertReminderTexts,
  reminderTextRow,
  textPhoneColumn,
  type ReminderTextRow,
} from './reminder-texts';
export { textSender, type TextSender } from './text-sender';
export { textEventsService } from './text-events';
export { textEventsRepository } from './text-events.repository';
export { textsRepository } from './texts.repository';
export { textsService } from './texts.service';
export { textRoutes } from './texts.routes';
export { textWebhookRoutes, twilioWebhookPaths } from './text-webhooks.routes';
export { twilioSettingsFromEnv, twilioTransport, type TwilioSettings } from './providers/twilio';
