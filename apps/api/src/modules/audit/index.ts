// The audit module as other modules see it; they import nothing else of it (eslint.config.mjs).
export {
  actedBy,
  actingSessionAction,
  auditService,
  type AuditEntry,
  type AuditService,
} from './audit.service';
export { auditChanges, changesOfList } from './audit-changes';
