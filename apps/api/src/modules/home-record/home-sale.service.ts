import {
  buyerText,
  homeSaleLabels,
  homeSaleLimits,
  homeSaleMessages,
  type HomeSale,
  type HomeSaleAnswer,
  type HomeSaleSaved,
  type SoldHomes,
} from '@homeminder/shared/contracts/home-sale';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import { formatDay } from '@homeminder/shared/format';
import { localDateOf, localDateText } from '@homeminder/shared/schedule';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { auditChanges, type AuditService } from '../audit';
import { homeAuditEntry, homeReach, type HomeAccessRepository, type HomeCaller } from '../home-profiles';
import type { HomeSalesRepository, SaleValues } from './home-sale.repository';

interface Dependencies {
  homes: HomeAccessRepository;
  sales: HomeSalesRepository;
  audit: AuditService;
  now: () => Date;
}

/** The homeowner signed in, as the sold homes' routes know them. */
interface Seller {
  tenantId: string;
  clientId: string;
}

type SaleAction = 'property.sale-marked' | 'property.sale-changed' | 'property.sale-undone';

/** What an audit entry says of a sale: its date and buyer, as the dialog names them. */
const saleFacts = (sale: HomeSale | undefined): Record<string, string | null> =>
  sale
    ? {
        [homeSaleLabels.closingOn]: formatDay(sale.closingOn),
        [homeSaleLabels.buyer]: buyerText(sale),
        [homeSaleLabels.buyerRealtorId]: sale.buyerRealtorName,
      }
    : {};

/** The day `days` after a local date 'YYYY-MM-DD'. */
const daysAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A home's sale as staff mark, change and undo it before its closing date (docs/decisions/096),
 * within their reach; and the seller's sold homes with the report each kept. The closing itself is
 * `homeSaleClosings`.
 */
export function homeSaleService({ homes, sales, audit, now }: Dependencies) {
  const reach = homeReach(homes);

  async function audited(
    caller: HomeCaller,
    home: { tenantId: string; clientId: string },
    propertyId: string,
    action: SaleAction,
    before: HomeSale | undefined,
    after: HomeSale | undefined,
  ) {
    await audit.record(
      homeAuditEntry(caller, home, action, {
        propertyId: propertyId.toLowerCase(),
        changes: auditChanges(saleFacts(before), saleFacts(after)),
      }),
    );
  }

  return {
    async saleOf(caller: HomeCaller, propertyId: string): Promise<HomeSaleAnswer> {
      const { tenantId } = await reach(caller, propertyId);
      return {
        sale: (await sales.saleOf(tenantId, propertyId)) ?? null,
        realtors: caller.audience === 'staff' ? await sales.realtors(tenantId) : [],
      };
    },

    /** Marks the home sold, or changes its sale while the closing date has not come. */
    async mark(caller: HomeCaller, propertyId: string, values: SaleValues): Promise<HomeSaleSaved> {
      const home = await reach(caller, propertyId, true);
      const facts = await sales.homeOf(home.tenantId, propertyId);
      if (!facts) throw new NotFoundError(homeProfileMessages.homeNotFound);
      if (facts.pending) throw new BadRequestError(homeSaleMessages.pendingHome);
      const today = localDateText(localDateOf(now(), facts.timeZone));
      if (values.closingOn < today) throw new BadRequestError(homeSaleMessages.closingOnPast);
      if (values.closingOn > daysAfter(today, homeSaleLimits.closingWithinDays))
        throw new BadRequestError(homeSaleMessages.closingOnTooFar);
      if (values.buyerEmail.toLowerCase() === facts.sellerEmail.toLowerCase())
        throw new BadRequestError(homeSaleMessages.buyerIsSeller);
      const buyerRealtorId = values.buyerRealtorId?.toLowerCase() ?? null;
      if (buyerRealtorId && !(await sales.isRealtor(home.tenantId, buyerRealtorId)))
        throw new BadRequestError(homeSaleMessages.realtorUnknown);
      const saved = { ...values, buyerRealtorId };

      const before = await sales.saleOf(home.tenantId, propertyId);
      const created = await sales.save(
        home.tenantId,
        propertyId,
        {
          ...saved,
          address: facts.address,
          sellerId: home.clientId,
          markedBy: caller.audience === 'staff' ? caller.auth.userId : home.clientId,
        },
        now(),
      );
      const sale = (await sales.saleOf(home.tenantId, propertyId))!;
      const action = created ? 'property.sale-marked' : 'property.sale-changed';
      await audited(caller, home, propertyId, action, before, sale);
      return {
        message: created ? homeSaleMessages.marked(sale.closingOn) : homeSaleMessages.changed,
        sale,
      };
    },

    /** Takes the sale back before its closing: the home stays its owner's, as if never marked. */
    async undo(caller: HomeCaller, propertyId: string): Promise<{ message: string }> {
      const home = await reach(caller, propertyId, true);
      const before = await sales.saleOf(home.tenantId, propertyId);
      if (!before || !(await sales.remove(home.tenantId, propertyId)))
        throw new NotFoundError(homeSaleMessages.notFound);
      await audited(caller, home, propertyId, 'property.sale-undone', before, undefined);
      return { message: homeSaleMessages.undone };
    },

    async soldHomes(seller: Seller): Promise<SoldHomes> {
      return { homes: await sales.soldBy(seller.tenantId, seller.clientId) };
    },

    /** The report the seller kept of a home they sold. */
    async soldHomeReport(seller: Seller, saleId: string) {
      const found = await sales.sellerReportOf(seller.tenantId, seller.clientId, saleId);
      if (!found?.data) throw new NotFoundError(homeSaleMessages.soldHomeNotFound);
      // The street line names the file, as the seller's email named it.
      return { data: found.data, addressLine: found.address.split(',')[0]! };
    },
  };
}
export type HomeSaleService = ReturnType<typeof homeSaleService>;
