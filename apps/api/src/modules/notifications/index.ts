// The notifications module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { showingAt } from './notifications.repository';
