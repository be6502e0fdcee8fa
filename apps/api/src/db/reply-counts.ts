import { and, count, eq, inArray } from 'drizzle-orm';
import type { ReplyKind } from '@homeminder/shared/reply-words';
import type { Database } from './client';
import { reminderReplies as a } from './schema';

/**
 * The counts of replies per client: the one query of the replies module's table that another
 * module (the clients' export) needs, kept here so the clients module does not import replies.
 */
export function replyCountQueries(db: Database) {
  return {
    /** How many replies of each kind each client gave, for the export. */
    async replyCounts(tenantId: string, clientUserIds: string[]) {
      const counts = new Map<string, Record<ReplyKind, number>>();
      if (clientUserIds.length === 0) return counts;
      const rows = await db
        .select({ clientUserId: a.clientUserId, kind: a.kind, n: count() })
        .from(a)
        .where(and(eq(a.tenantId, tenantId), inArray(a.clientUserId, clientUserIds)))
        .groupBy(a.clientUserId, a.kind);
      for (const row of rows) {
        const one = counts.get(row.clientUserId) ?? { done: 0, later: 0, help: 0 };
        one[row.kind as ReplyKind] = row.n;
        counts.set(row.clientUserId, one);
      }
      return counts;
    },
  };
}
