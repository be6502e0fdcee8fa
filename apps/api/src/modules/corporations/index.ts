// The corporations module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { tenantDetailColumns } from './corporations.repository';
export { defaultRemindersRepository } from './default-reminders.repository';
