import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { brandName } from '@homeminder/shared/brand';
import type { Database } from '../../db/client';
import { withAllTenants } from '../../db/data-scope';
import { clientUsers, corporations, textConsents, textOutbox } from '../../db/schema';

const k = textConsents;
const o = textOutbox;

/** Who collected an agreement, or ended it. */
export type ConsentActor = { by: 'client' } | { by: 'staff'; userId: string };

/** E.164 of a 10-digit US number. */
export const e164 = (digits: string) => `+1${digits}`;
/** The 10 digits of a US E.164 number; others as they are. */
export const nationalOf = (phone: string) => (/^\+1\d{10}$/.test(phone) ? phone.slice(2) : phone);

/** A client's agreements to be texted and the texts kept for them (docs/decisions/106). */
export function textsRepository(db: Database) {
  return {
    /**
     * The agreement in force, the last one stopped by a STOP reply, the number last agreed to, and
     * the client's sender and number.
     */
    async settingsOf(tenantId: string, clientId: string) {
      const [client] = await db
        .select({ phone: clientUsers.phone, siteName: corporations.siteName, name: corporations.name })
        .from(clientUsers)
        .innerJoin(corporations, eq(corporations.id, clientUsers.tenantId))
        .where(and(eq(clientUsers.tenantId, tenantId), eq(clientUsers.id, clientId)));
      const [latest] = await db
        .select({ phone: k.phone, createdAt: k.createdAt, endedAt: k.endedAt, endedBy: k.endedBy })
        .from(k)
        .where(and(eq(k.tenantId, tenantId), eq(k.clientUserId, clientId)))
        // The one in force first, else the one ended last.
        .orderBy(sql`${k.endedAt} desc nulls first`, desc(k.createdAt))
        .limit(1);
      return {
        sender: brandName(client),
        clientPhone: client?.phone ?? null,
        inForce:
          latest && !latest.endedAt ? { phone: nationalOf(latest.phone), since: latest.createdAt } : null,
        stoppedByReplyAt: latest?.endedBy === 'stop-reply' ? latest.endedAt : null,
        lastPhone: latest ? nationalOf(latest.phone) : null,
      };
    },

    /**
     * Records an agreement, ending the one in force first (a new number is a new agreement). Returns
     * the number texted before, if any.
     */
    async agree(
      tenantId: string,
      clientId: string,
      consent: { phone: string; words: string; actor: ConsentActor },
      at: Date,
    ) {
      const before = await this.end(tenantId, clientId, consent.actor.by, at);
      await db.insert(k).values({
        tenantId,
        clientUserId: clientId,
        phone: e164(consent.phone),
        words: consent.words,
        collectedBy: consent.actor.by,
        collectedByUserId: consent.actor.by === 'staff' ? consent.actor.userId : null,
        createdAt: at,
      });
      return before;
    },

    /** Ends the agreement in force; returns its number, or null when none was. */
    async end(tenantId: string, clientId: string, endedBy: 'client' | 'staff', at: Date) {
      const [ended] = await db
        .update(k)
        .set({ endedAt: at, endedBy })
        .where(and(eq(k.tenantId, tenantId), eq(k.clientUserId, clientId), isNull(k.endedAt)))
        .returning({ phone: k.phone });
      return ended ? nationalOf(ended.phone) : null;
    },

    /** The answer page a text's short link stands for; its token says whether it still works. */
    linkOf(code: string) {
      return withAllTenants(db, async () => {
        const [row] = await db.select({ url: o.linkUrl }).from(o).where(eq(o.linkCode, code));
        return row?.url ?? null;
      });
    },
  };
}
export type TextsRepository = ReturnType<typeof textsRepository>;
