import { and, eq } from 'drizzle-orm';
import type { Database } from './client';
import { emailSuppressions } from './schema';

/** Why nothing is sent to an address of the corporation's (docs/decisions/101), if it is suppressed. */
export async function suppressionOf(db: Pick<Database, 'select'>, tenantId: string, address: string) {
  const [row] = await db
    .select({
      reason: emailSuppressions.reason,
      since: emailSuppressions.createdAt,
      detail: emailSuppressions.detail,
    })
    .from(emailSuppressions)
    .where(
      and(eq(emailSuppressions.tenantId, tenantId), eq(emailSuppressions.address, address.toLowerCase())),
    );
  return (
    row && {
      reason: row.reason === 'complaint' ? ('complaint' as const) : ('bounce' as const),
      since: row.since,
      detail: row.detail,
    }
  );
}
