import { invitationLifetimeMs } from '@homeminder/shared/contracts/account';
import { attentionDigestHour } from '@homeminder/shared/constants';
import { myHomePagePath } from '@homeminder/shared/routes';
import { emailBrandOf } from '../../lib/mail/layout';
import { mailLinks } from '../../lib/mail/links';
import { serverSecret, signer } from '../../lib/signing';
import type { Database } from '../../db/client';
import { safeFileName } from '../../lib/upload';
import { hashToken, newToken } from '../../lib/tokens';
import { auditService, type AuditService } from '../audit';
import { homeProfilesRepository, homeSystemsRepository } from '../home-profiles';
import { careRecordRepository } from './care-record.repository';
import { homeReportRepository } from './home-report.repository';
import { homeReportService, type HomeReportService } from './home-report.service';
import { HOME_SALE_KINDS, homeReceivedEmail, homeSoldEmail } from './home-sale.emails';
import { homeSalesRepository, type DueSale, type HomeSalesRepository } from './home-sale.repository';

interface Dependencies {
  sales: HomeSalesRepository;
  reports: Pick<HomeReportService, 'reportOf'>;
  audit: AuditService;
  links: ReturnType<typeof mailLinks>;
  portalUrl: string;
  now?: () => Date;
}

/**
 * Closes the sales whose day has come (docs/decisions/096), each in one transaction of its
 * corporation: the home, its profile, systems, documents and record pass to the buyer (found by
 * email, or a new client with an invitation); the seller keeps the report as it stood, by email and
 * on My home; both clients' audit entries say so. Run every minute by the server; a sale undone or
 * moved meanwhile is not claimed, and two servers never close one sale twice.
 */
export function homeSaleClosings({
  sales,
  reports,
  audit,
  links,
  portalUrl,
  now = () => new Date(),
}: Dependencies) {
  async function close(sale: DueSale, at: Date): Promise<boolean> {
    // The report is made first, outside the closing's transaction: it is the home as the seller leaves it.
    const report = await sales.inCorporation(sale.tenantId, () =>
      reports.reportOf(sale.tenantId, sale.propertyId, 'letter'),
    );
    return sales.inCorporation(sale.tenantId, async () => {
      if (!(await sales.claim(sale, at))) return false;
      const seller = await sales.ownerOf(sale.tenantId, sale.propertyId);
      const facts = await sales.brandOf(sale.tenantId, sale.propertyId);
      if (!seller || !facts) return false;
      const token = newToken();
      const expiresAt = new Date(at.getTime() + invitationLifetimeMs);
      const buyer = await sales.buyerOf(
        sale,
        sale.buyerRealtorId ?? seller.realtorId,
        { codeHash: hashToken(token), expiresAt },
        at,
      );
      await sales.handOver(sale, buyer.id, report.data, at);

      const brand = await emailBrandOf(facts, () => links.brandingImage(sale.tenantId));
      const about = { brand, address: facts.address, closingOn: sale.closingOn };
      const myHomeUrl = `${portalUrl}${myHomePagePath}`;
      await sales.queue(
        sale.tenantId,
        {
          kind: HOME_SALE_KINDS.buyer,
          toAddress: sale.buyerEmail,
          fromName: brand.name,
          ...homeReceivedEmail({
            ...about,
            firstName: sale.buyerFirstName,
            action: buyer.registered
              ? { kind: 'signIn', url: myHomeUrl }
              : {
                  kind: 'register',
                  url: `${portalUrl}register?token=${encodeURIComponent(token)}`,
                  validDays: invitationLifetimeMs / 86_400_000,
                },
          }),
        },
        at,
      );
      await sales.queue(
        sale.tenantId,
        {
          kind: HOME_SALE_KINDS.seller,
          toAddress: seller.email,
          fromName: brand.name,
          ...homeSoldEmail({
            ...about,
            firstName: seller.firstName,
            myHomeUrl,
            hasOtherHomes: await sales.hasHomes(sale.tenantId, seller.id),
          }),
          attachments: [
            {
              filename: safeFileName(`Home report - ${facts.addressLine}`, 'pdf', 'Home report'),
              contentType: 'application/pdf',
              content: report.data.toString('base64'),
            },
          ],
        },
        at,
      );

      const entry = { tenantId: sale.tenantId, actorUserId: null, recordType: 'client-user' } as const;
      const details = { propertyId: sale.propertyId, closingOn: sale.closingOn, address: facts.address };
      await audit.record({
        ...entry,
        action: 'property.sold',
        recordId: seller.id,
        details: { ...details, buyer: `${sale.buyerFirstName} ${sale.buyerLastName}`, buyerId: buyer.id },
      });
      await audit.record({
        ...entry,
        action: 'property.bought',
        recordId: buyer.id,
        details: { ...details, sellerId: seller.id, invited: !buyer.registered, newClient: buyer.created },
      });
      return true;
    });
  }

  return {
    /** Closes every sale due now; returns how many it closed. */
    async closeDue(): Promise<number> {
      const at = now();
      let closed = 0;
      for (const sale of await sales.due(at, attentionDigestHour)) if (await close(sale, at)) closed += 1;
      return closed;
    },
  };
}
export type HomeSaleClosings = ReturnType<typeof homeSaleClosings>;

/** The closings as the server runs them, on its database and portal address. */
export function homeSaleClosingsFor(
  db: Database,
  { portalUrl, now }: { portalUrl: string; now?: () => Date },
) {
  const homes = homeProfilesRepository(db);
  return homeSaleClosings({
    sales: homeSalesRepository(db),
    reports: homeReportService({
      homes,
      reports: homeReportRepository(db),
      profiles: homes,
      systems: homeSystemsRepository(db),
      record: careRecordRepository(db),
      now: now ?? (() => new Date()),
    }),
    audit: auditService(db),
    links: mailLinks(signer(serverSecret(db)), portalUrl),
    portalUrl,
    now,
  });
}
