// The clients module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { scopeOf, tenantFromPath } from './caller-scope';
export { clientsRepository, type ClientsRepository } from './clients.repository';
export { restartClientReminders } from './clients.service';
export { createNewClients } from './new-clients';
export { switchProperty } from './properties.service';
export { nextDueAfter, resumeSubscriptions, startSchedule } from './schedules';
