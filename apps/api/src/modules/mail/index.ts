// The mail module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { reminderDispatcher } from './dispatcher';
export type { MailRepository } from './mail.repository';
export { propertyAddress } from './reminder-email';
export { outboxSender, smtpTransport } from './sender';
