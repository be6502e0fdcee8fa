import { and, desc, eq, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { NotificationInput } from '@homeminder/shared/contracts/notifications';
import type { Database } from '../../db/client';
import { countRows, pageRows } from '../../db/query-helpers';
import { notificationDismissals, notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** A message showing at `at`: not retired, started, and not yet ended. */
export function showingAt(at: Date) {
  return and(
    isNull(notifications.retiredAt),
    lte(notifications.startsAt, at),
    or(isNull(notifications.endsAt), gt(notifications.endsAt, at)),
  );
}

/** Operator messages are the service's own, not a corporation's: the table has no tenant. */
export function notificationsRepository(db: Database) {
  return {
    async page(pageSize: number, page: number) {
      const items = await pageRows(
        db.select().from(notifications).orderBy(desc(notifications.startsAt), desc(notifications.createdAt)),
        { page, pageSize },
      );
      return { items, totalItemCount: await countRows(db, notifications) };
    },

    async find(id: string): Promise<NotificationRow | undefined> {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
      return row;
    },

    async create(input: NotificationInput, createdBy: string): Promise<NotificationRow> {
      const [row] = await db
        .insert(notifications)
        .values({ ...input, createdBy })
        .returning();
      return row!;
    },

    async update(id: string, input: NotificationInput, at: Date): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ ...input, updatedAt: at })
        .where(eq(notifications.id, id))
        .returning();
      return row;
    },

    async retire(id: string, at: Date): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({
          retiredAt: sql`coalesce(${notifications.retiredAt}, ${at.toISOString()}::timestamptz)`,
          updatedAt: at,
        })
        .where(eq(notifications.id, id))
        .returning();
      return row;
    },

    /** Messages showing now that this user has not dismissed, newest first. */
    async activeFor(tenantId: string, userId: string, at: Date) {
      return db
        .select({
          id: notifications.id,
          title: notifications.title,
          body: notifications.body,
          severity: notifications.severity,
          startsAt: notifications.startsAt,
        })
        .from(notifications)
        .where(
          and(
            showingAt(at),
            notExists(
              db
                .select({ one: sql`1` })
                .from(notificationDismissals)
                .where(
                  and(
                    eq(notificationDismissals.tenantId, tenantId),
                    eq(notificationDismissals.userId, userId),
                    eq(notificationDismissals.notificationId, notifications.id),
                  ),
                ),
            ),
          ),
        )
        .orderBy(desc(notifications.startsAt))
        .limit(20);
    },

    async dismiss(tenantId: string, userId: string, notificationId: string) {
      await db
        .insert(notificationDismissals)
        .values({ tenantId, userId, notificationId })
        .onConflictDoNothing();
    },
  };
}
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
