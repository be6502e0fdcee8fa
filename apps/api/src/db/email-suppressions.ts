import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { clientUsers, emailSuppressions } from './schema';

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

/**
 * Takes the client's own address off the corporation's suppression list, as when they confirm it
 * is right; false when it was not on it.
 */
export async function liftClientSuppression(
  db: Pick<Database, 'delete'>,
  tenantId: string,
  clientId: string,
) {
  const lifted = await db
    .delete(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.tenantId, tenantId),
        eq(
          emailSuppressions.address,
          sql`(select lower(${clientUsers.email}) from ${clientUsers}
                where ${clientUsers.tenantId} = ${tenantId} and ${clientUsers.id} = ${clientId})`,
        ),
      ),
    )
    .returning({ address: emailSuppressions.address });
  return lifted.length > 0;
}
