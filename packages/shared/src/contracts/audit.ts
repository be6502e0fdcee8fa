import { z } from '../zod';
import { recordTenantShape } from './shapes';
import { userIdSchema } from '../validation/ids';
import { momentSchema } from '../validation/moments';
import { logPageQuerySchema, pagedResultSchema } from '../validation/paging';

/**
 * The audit log query (docs/decisions/081): a page of entries, newest first, narrowed by the person
 * (acting, or really acting for another), the action code, the record (its name or id) and dates.
 */
export const auditQuerySchema = logPageQuerySchema.extend({
  personId: userIdSchema.optional(),
  action: z.string().trim().max(100).optional(),
  record: z.string().trim().max(100).optional(),
  from: momentSchema.optional(),
  to: momentSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

/** One changed field: its value before and after; secrets are never among them. */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  after: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** What an entry was done to: a record, or how many at once, and the fields it changed. */
const auditRecordShape = {
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  /** The record's name as it was when the entry was written, else as it is now. */
  recordName: z.string().nullable(),
  /** How many records an entry about many at once concerns. */
  count: z.number().nullable(),
  changes: z.array(auditChangeSchema),
};

/** What was done inside one session of acting as another user. */
export const auditSessionItemSchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  ...auditRecordShape,
});
export type AuditSessionItem = z.infer<typeof auditSessionItemSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  ...recordTenantShape,
  action: z.string(),
  actorName: z.string().nullable(),
  /** Set when someone else was really acting (impersonation). */
  realActorName: z.string().nullable(),
  ...auditRecordShape,
  /** On the entry of a session of acting as another user: its requests and what it did. */
  session: z
    .object({
      requests: z.number(),
      endedAt: z.string().nullable(),
      items: z.array(auditSessionItemSchema),
    })
    .nullable(),
  ipAddress: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pagedResultSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The people the log's person filter offers: staff of the corporation and who acted in it. */
export const auditPeopleSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), corporationName: z.string() })),
});
export type AuditPeople = z.infer<typeof auditPeopleSchema>;
