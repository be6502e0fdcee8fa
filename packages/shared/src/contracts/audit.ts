import { z } from 'zod';
import { recordTenantShape } from './shapes';
import { momentSchema } from '../validation/moments';
import { logPageQuerySchema, pagedResultSchema } from '../validation/paging';

/** The audit log query: a page of entries, newest first, narrowed by action text and dates. */
export const auditQuerySchema = logPageQuerySchema.extend({
  action: z.string().trim().max(100).optional(),
  from: momentSchema.optional(),
  to: momentSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  ...recordTenantShape,
  action: z.string(),
  actorName: z.string().nullable(),
  /** Set when someone else was really acting (impersonation). */
  realActorName: z.string().nullable(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  ipAddress: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pagedResultSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
