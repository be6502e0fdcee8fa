import { brandName } from '@homeminder/shared/brand';
import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { sameTextIgnoringCase } from '../../db/query-helpers';
import type { Database } from '../../db/client';
import { suppressionOf } from '../../db/email-suppressions';
import { withAllTenants, withTenant } from '../../db/data-scope';
import {
  auditLog,
  clientUsers,
  corporations,
  emailOutbox,
  maintenanceFrequencies,
  passwordResets,
  properties,
  reminderSubscriptions,
  reminders,
  tenantUsers,
} from '../../db/schema';
import { BadRequestError } from '../../lib/errors';
import { endClientSessions, endUserSessions } from '../auth';
import { accountMessages } from '@homeminder/shared/contracts/account';
import {
  clientInScopeById,
  clientRealtorJoin,
  realtor,
  realtorNameSql,
  subscriptionPropertyJoin,
} from '../../db/client-property-queries';
import { queueEmail, type QueuedEmail } from '../../db/email-outbox';

export function accountRepository(db: Database) {
  // Password resets and invitations are found by their token alone, before anyone is signed in.
  const acrossTenants = <T>(work: () => Promise<T>) => withAllTenants(db, work);
  const inTenant = <T>(tenantId: string, work: () => Promise<T>) => withTenant(db, tenantId, work);

  /** The subscriptions of every property of a client, with what /register shows of them. */
  async function clientSubscriptions(executor: Pick<Database, 'select'>, tenantId: string, clientId: string) {
    return executor
      .select({
        id: reminderSubscriptions.id,
        reminderName: reminders.name,
        frequencyName: maintenanceFrequencies.name,
        property: sql<string>`${properties.addressLine} || ', ' || ${properties.city} || ', ' || ${properties.state} || ' ' || ${properties.zip}`,
      })
      .from(reminderSubscriptions)
      .innerJoin(properties, subscriptionPropertyJoin)
      .innerJoin(reminders, eq(reminders.id, reminderSubscriptions.reminderId))
      .innerJoin(
        maintenanceFrequencies,
        eq(maintenanceFrequencies.id, reminderSubscriptions.maintenanceFrequencyId),
      )
      .where(and(eq(reminderSubscriptions.tenantId, tenantId), eq(properties.clientUserId, clientId)))
      .orderBy(asc(properties.createdAt), asc(properties.id), asc(reminders.name));
  }

  /** Who may sign in with an email, staff or homeowner alike: only of an enabled corporation. */
  const signInByEmail = (users: typeof tenantUsers | typeof clientUsers, email: string, condition: SQL) =>
    db
      .select({ tenantId: users.tenantId, id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .innerJoin(corporations, eq(corporations.id, users.tenantId))
      .where(and(sameTextIgnoringCase(users.email, email), condition, eq(corporations.enabled, true)));

  /** A live invitation: the code matches, it has not expired, the client and corporation are enabled. */
  const liveInvitation = (codeHash: string, at: Date) =>
    and(
      eq(clientUsers.invitationCode, codeHash),
      gt(clientUsers.invitationExpiresAt, at),
      isNull(clientUsers.passwordHash),
      eq(clientUsers.enabled, true),
      sql`exists (select 1 from ${corporations} where ${corporations.id} = ${clientUsers.tenantId} and ${corporations.enabled})`,
    );

  return {
    /**
     * An enabled user of an enabled corporation, by sign-in email: a staff member, else a
     * homeowner who made a sign-in (the first, should the address have registered with several
     * corporations).
     */
    async findActiveUserByEmail(email: string) {
      return acrossTenants(async () => {
        const [staff] = await signInByEmail(tenantUsers, email, eq(tenantUsers.enabled, true));
        if (staff) return { ...staff, isClient: false };
        const [client] = await signInByEmail(clientUsers, email, sql`${clientUsers.passwordHash} is not null`)
          .orderBy(asc(clientUsers.createdAt), asc(clientUsers.id))
          .limit(1);
        return client && { ...client, isClient: true };
      });
    },

    /** What brands the corporation's emails: its site name (else its name), colour and image. */
    async corporationBrand(tenantId: string) {
      return inTenant(tenantId, async () => {
        const [row] = await db
          .select({
            siteName: corporations.siteName,
            name: corporations.name,
            colour: corporations.brandColour,
            hasImage: sql<boolean>`${corporations.brandingImage} is not null`,
          })
          .from(corporations)
          .where(eq(corporations.id, tenantId));
        return {
          name: brandName(row),
          colour: row?.colour ?? null,
          hasImage: row?.hasImage ?? false,
        };
      });
    },

    /** Stores a reset token (hashed) and queues its email, together or not at all. */
    async createReset(values: {
      tenantId: string;
      userId: string;
      /** A homeowner's link: `userId` is then the client's id. */
      isClient?: boolean;
      tokenHash: string;
      expiresAt: Date;
      email: QueuedEmail;
    }) {
      await inTenant(values.tenantId, () =>
        db.transaction(async (tx) => {
          await tx.insert(passwordResets).values({
            tenantId: values.tenantId,
            ...(values.isClient ? { clientUserId: values.userId } : { userId: values.userId }),
            tokenHash: values.tokenHash,
            expiresAt: values.expiresAt,
          });
          await queueEmail(tx, values.tenantId, values.email);
        }),
      );
    },

    /**
     * What a reset request that sends nothing (an unknown address, or one past its emails of the
     * hour) does instead of `createReset` and the audit record: the same statements on the same
     * tables, writing nothing, so every response takes the same shape of work.
     */
    async decoyReset(tokenHash: string) {
      return acrossTenants(async () => {
        await db.transaction(async (tx) => {
          await tx
            .select({ one: sql`1` })
            .from(passwordResets)
            .where(eq(passwordResets.tokenHash, tokenHash))
            .for('update');
          await tx
            .select({ one: sql`1` })
            .from(emailOutbox)
            .where(sql`false`);
        });
        // In place of the audit record a sent link adds.
        await db
          .select({ one: sql`1` })
          .from(auditLog)
          .where(sql`false`);
      });
    },

    /** Whether a reset token can still be used (the page says so before a password is typed). */
    async resetIsLive(tokenHash: string, at: Date): Promise<boolean> {
      return acrossTenants(async () => {
        const [row] = await db
          .select({ one: sql<number>`1` })
          .from(passwordResets)
          .leftJoin(
            tenantUsers,
            and(eq(tenantUsers.tenantId, passwordResets.tenantId), eq(tenantUsers.id, passwordResets.userId)),
          )
          .leftJoin(
            clientUsers,
            and(
              eq(clientUsers.tenantId, passwordResets.tenantId),
              eq(clientUsers.id, passwordResets.clientUserId),
            ),
          )
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, at),
              sql`coalesce(${tenantUsers.enabled}, ${clientUsers.id} is not null)`,
            ),
          );
        return Boolean(row);
      });
    },

    /**
     * Uses a reset token once: sets the new password and ends every session of the user. Returns
     * the user, or undefined when the token is unknown, used or expired.
     */
    async consumeReset(tokenHash: string, passwordHash: string, at: Date) {
      return acrossTenants(async () => {
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
            .returning({
              tenantId: passwordResets.tenantId,
              userId: passwordResets.userId,
              clientUserId: passwordResets.clientUserId,
            });
          if (!reset) return undefined;
          // A homeowner's link names the client (docs/decisions/062); a staff member's the user.
          const isClient = reset.clientUserId !== null;
          const id = (reset.clientUserId ?? reset.userId)!;
          const person = isClient ? clientUsers : tenantUsers;
          const [changed] = await tx
            .update(person)
            .set({ passwordHash, updatedAt: at, ...(isClient ? {} : { passwordChangedAt: at }) })
            .where(and(eq(person.tenantId, reset.tenantId), eq(person.id, id)))
            .returning({ email: person.email });
          await (isClient ? endClientSessions : endUserSessions)(tx, reset.tenantId, id, at);
          // Any other reset link of the person stops working with the change.
          await tx
            .update(passwordResets)
            .set({ usedAt: at })
            .where(
              and(
                eq(passwordResets.tenantId, reset.tenantId),
                eq(isClient ? passwordResets.clientUserId : passwordResets.userId, id),
                isNull(passwordResets.usedAt),
              ),
            );
          return { tenantId: reset.tenantId, userId: id, email: changed?.email ?? '' };
        });
      });
    },

    // ─── Client invitations ──────────────────────────────────────────────────────────────────

    /**
     * A client of the tenant the caller may invite: within the realtor scope when one is given
     * (a realtor invites only their own clients). Undefined when there is no such client.
     */
    findInvitee: (tenantId: string, scopeRealtorId: string | null, clientId: string) =>
      clientInScopeById(db, tenantId, scopeRealtorId, clientId),

    /** Why nothing is sent to the address, if the mail relay said so (docs/decisions/101). */
    suppressionOf: (tenantId: string, address: string) => suppressionOf(db, tenantId, address),

    /**
     * Gives the client a new invitation (an earlier link stops working) and queues its email,
     * together or not at all. False when the client registered in the meantime.
     */
    async saveInvitation(values: {
      tenantId: string;
      clientId: string;
      codeHash: string;
      expiresAt: Date;
      at: Date;
      email: QueuedEmail;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(clientUsers)
          .set({
            invitationCode: values.codeHash,
            invitationExpiresAt: values.expiresAt,
            updatedAt: values.at,
          })
          .where(
            and(
              eq(clientUsers.tenantId, values.tenantId),
              eq(clientUsers.id, values.clientId),
              isNull(clientUsers.passwordHash),
            ),
          )
          .returning({ id: clientUsers.id });
        if (!updated) return false;
        await queueEmail(tx, values.tenantId, values.email);
        return true;
      });
    },

    /** The invitation a live link stands for, with the reminders the client may choose from. */
    async findInvitation(codeHash: string, at: Date) {
      return acrossTenants(async () => {
        const [client] = await db
          .select({
            tenantId: clientUsers.tenantId,
            id: clientUsers.id,
            firstName: clientUsers.firstName,
            lastName: clientUsers.lastName,
            email: clientUsers.email,
            expiresAt: clientUsers.invitationExpiresAt,
            corporationName: corporations.name,
            realtorName: realtorNameSql,
          })
          .from(clientUsers)
          .innerJoin(corporations, eq(corporations.id, clientUsers.tenantId))
          .leftJoin(realtor, clientRealtorJoin)
          .where(liveInvitation(codeHash, at));
        if (!client) return undefined;
        const subscriptions = await clientSubscriptions(db, client.tenantId, client.id);
        return { ...client, expiresAt: (client.expiresAt ?? at).toISOString(), subscriptions };
      });
    },

    /**
     * Uses an invitation once: sets the client's password, keeps the chosen subscriptions and
     * removes the others, in one transaction. Undefined when the link is not live; a choice of a
     * subscription that is not the client's is refused and changes nothing.
     */
    async redeemInvitation(values: {
      codeHash: string;
      passwordHash: string;
      keepSubscriptionIds: string[];
      at: Date;
    }) {
      return acrossTenants(() =>
        db.transaction(async (tx) => {
          const [client] = await tx
            .update(clientUsers)
            .set({
              passwordHash: values.passwordHash,
              invitationCode: null,
              invitationExpiresAt: null,
              updatedAt: values.at,
            })
            .where(liveInvitation(values.codeHash, values.at))
            .returning({ tenantId: clientUsers.tenantId, id: clientUsers.id });
          if (!client) return undefined;
          const offered = await clientSubscriptions(tx, client.tenantId, client.id);
          const offeredIds = new Set(offered.map((subscription) => subscription.id));
          const keep = [...new Set(values.keepSubscriptionIds.map((id) => id.toLowerCase()))];
          if (keep.some((id) => !offeredIds.has(id))) {
            throw new BadRequestError(accountMessages.invitationUnknownSubscription);
          }
          const declined = offered.filter((subscription) => !keep.includes(subscription.id));
          if (declined.length > 0) {
            await tx.delete(reminderSubscriptions).where(
              and(
                eq(reminderSubscriptions.tenantId, client.tenantId),
                inArray(
                  reminderSubscriptions.id,
                  declined.map((subscription) => subscription.id),
                ),
              ),
            );
          }
          return {
            ...client,
            kept: offered.filter((subscription) => keep.includes(subscription.id)),
            declined,
          };
        }),
      );
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
