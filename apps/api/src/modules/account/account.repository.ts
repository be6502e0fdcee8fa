import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  clientUsers,
  corporations,
  emailOutbox,
  passwordResets,
  sessions,
  tenantUsers,
} from '../../db/schema';

export function accountRepository(db: Database) {
  return {
    redeemClientInvitation: (values: Parameters<typeof redeemClientInvitation>[1]) =>
      redeemClientInvitation(db, values),

    /** An enabled user of an enabled corporation, by sign-in email. */
    async findActiveUserByEmail(email: string) {
      const [row] = await db
        .select({
          tenantId: tenantUsers.tenantId,
          id: tenantUsers.id,
          email: tenantUsers.email,
          firstName: tenantUsers.firstName,
        })
        .from(tenantUsers)
        .innerJoin(corporations, eq(corporations.id, tenantUsers.tenantId))
        .where(
          and(
            sql`lower(${tenantUsers.email}) = lower(${email})`,
            eq(tenantUsers.enabled, true),
            eq(corporations.enabled, true),
          ),
        );
      return row;
    },

    /** Stores a reset token (hashed) and queues its email, together or not at all. */
    async createReset(values: {
      tenantId: string;
      userId: string;
      tokenHash: string;
      expiresAt: Date;
      kind?: 'password-reset' | 'welcome';
      email: { toAddress: string; subject: string; html: string; text: string };
    }) {
      await db.transaction(async (tx) => {
        await tx.insert(passwordResets).values({
          tenantId: values.tenantId,
          userId: values.userId,
          tokenHash: values.tokenHash,
          expiresAt: values.expiresAt,
        });
        await tx
          .insert(emailOutbox)
          .values({ tenantId: values.tenantId, kind: values.kind ?? 'password-reset', ...values.email });
      });
    },

    /**
     * Uses a reset token once: sets the new password and ends every session of the user. Answers
     * the user, or undefined when the token is unknown, used or expired.
     */
    async consumeReset(tokenHash: string, passwordHash: string, at: Date) {
      return db.transaction(async (tx) => {
        const [reset] = await tx
          .update(passwordResets)
          .set({ usedAt: at })
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, at),
            ),
          )
          .returning({ tenantId: passwordResets.tenantId, userId: passwordResets.userId });
        if (!reset) return undefined;
        const [user] = await tx
          .update(tenantUsers)
          .set({ passwordHash, passwordChangedAt: at, updatedAt: at })
          .where(and(eq(tenantUsers.tenantId, reset.tenantId), eq(tenantUsers.id, reset.userId)))
          .returning({ email: tenantUsers.email });
        await tx
          .update(sessions)
          .set({ revokedAt: at })
          .where(
            and(
              eq(sessions.tenantId, reset.tenantId),
              eq(sessions.userId, reset.userId),
              isNull(sessions.revokedAt),
            ),
          );
        return { ...reset, email: user?.email ?? '' };
      });
    },
  };
}
/**
 * Redeems a client's invitation: sets the client's sign-in password and clears the code, so it
 * works once. Answers the client, or undefined when no client has that email and code.
 */
export async function redeemClientInvitation(
  db: Database,
  values: {
    email: string;
    invitationCodeHash: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    at: Date;
  },
) {
  const [client] = await db
    .update(clientUsers)
    .set({
      passwordHash: values.passwordHash,
      firstName: values.firstName,
      lastName: values.lastName,
      invitationCode: null,
      updatedAt: values.at,
    })
    .where(
      and(
        sql`lower(${clientUsers.email}) = lower(${values.email})`,
        eq(clientUsers.invitationCode, values.invitationCodeHash),
        eq(clientUsers.enabled, true),
      ),
    )
    .returning({ tenantId: clientUsers.tenantId, id: clientUsers.id });
  return client;
}

export type AccountRepository = ReturnType<typeof accountRepository>;
