// The reminders module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { taskColumns, tasksVisibleTo } from './visible-tasks';
