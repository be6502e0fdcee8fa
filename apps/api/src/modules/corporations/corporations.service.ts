import type { AuditAction } from '@homeminder/shared/audit-labels';
import type {
  Billing,
  CorporationCreate,
  CorporationDetails,
  CorporationQuery,
  LicensingSummary,
  TenantLicense,
  TenantSite,
} from '@homeminder/shared/contracts/admin';
import { licenseEndedOn, licenseMessages } from '@homeminder/shared/license';
import type { AddressInput } from '@homeminder/shared/validation/forms';
import { cardBrandOf } from '@homeminder/shared/validation/rules';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import type { Caller } from '../../access/auth-context';
import { auditChanges, type AuditService } from '../audit';
import type { StoredImage } from '../images';
import type { CorporationSettings, CorporationsRepository } from './corporations.repository';
import { isUniqueViolation } from '../../db/query-helpers';
import { accessibleTenant, tenantAccessMessages } from '../../access/tenant-access';

export const corporationMessages = {
  emailInUse: 'An account with this email already exists. Use another email for the administrator.',
  operatorCannotBeDisabled: "The operator's own account cannot be disabled.",
} as const;

/** What is kept of a card: last four digits, brand and expiry (never the number nor the CVV). */
export function billingColumns(billing: Billing): CorporationSettings {
  return {
    billingName: billing.billingName,
    cardBrand: cardBrandOf(billing.number),
    cardLast4: billing.number.slice(-4),
    cardExpiry: billing.expiry,
  };
}

function siteColumns(site: TenantSite): CorporationSettings {
  return {
    siteName: site.siteName,
    siteUrl: site.siteUrl?.trim() ?? null,
    contactEmail: site.contactEmail ?? null,
    contactPhone: site.contactPhone || null,
    timeZone: site.timeZone,
    brandColour: site.brandColour ?? null,
  };
}

function addressColumns(address: AddressInput): CorporationSettings {
  return { addressLine: address.line, city: address.city, state: address.state, zip: address.zip };
}

function licenseColumns(license: TenantLicense): CorporationSettings {
  return {
    licensedProperties: license.licensedProperties,
    licenseStartsOn: license.licenseStartsOn,
    licenseEndsOn: license.licenseEndsOn,
  };
}

interface Dependencies {
  corporations: CorporationsRepository;
  audit: AuditService;
  now?: () => Date;
}

export function corporationsService({ corporations, audit, now = () => new Date() }: Dependencies) {
  const notFound = () => new NotFoundError(tenantAccessMessages.corporationNotFound);

  async function record(
    actor: Caller,
    tenantId: string,
    action: AuditAction,
    details?: Record<string, unknown>,
  ) {
    await audit.record({
      tenantId,
      actorUserId: actor.auth.userId,
      action,
      recordType: 'corporation',
      recordId: tenantId,
      ...(details ? { details } : {}),
      ipAddress: actor.ip,
    });
  }

  async function details(id: string): Promise<CorporationDetails> {
    const found = await corporations.details(id);
    if (!found) throw notFound();
    return found;
  }

  /**
   * Changes one group of settings of a corporation the actor may act on, and audits each changed
   * setting with its value before and after (docs/decisions/081).
   */
  async function updateSettings(
    actor: Caller,
    id: string,
    settings: CorporationSettings,
    action: AuditAction,
  ) {
    const tenantId = accessibleTenant(actor.auth, id);
    const before = await corporations.details(tenantId);
    if (!before || !(await corporations.updateSettings(tenantId, settings, now()))) throw notFound();
    await record(actor, tenantId, action, {
      recordName: before.name,
      changes: auditChanges(before, settings),
    });
    return details(tenantId);
  }

  return {
    query: (query: CorporationQuery) => corporations.list(query),

    get: (actor: Caller, id: string) => details(accessibleTenant(actor.auth, id)),

    async create(actor: Caller, input: CorporationCreate) {
      const email = input.administrator.email.toLowerCase();
      if (await corporations.emailInUse(email)) throw new ConflictError(corporationMessages.emailInUse);
      const passwordHash = await hashPassword(input.administrator.password);
      let created: { id: string; administratorId: string };
      try {
        created = await corporations.create(
          {
            name: input.name,
            ...siteColumns(input.site),
            ...addressColumns(input.address),
            ...billingColumns(input.billing),
            ...licenseColumns(input.license),
          },
          {
            email,
            firstName: input.administrator.firstName,
            lastName: input.administrator.lastName,
            passwordHash,
          },
          now(),
        );
      } catch (error) {
        // Two administrators created with one address at the same moment: the index decides.
        if (isUniqueViolation(error)) throw new ConflictError(corporationMessages.emailInUse);
        throw error;
      }
      await record(actor, created.id, 'corporation.created', {
        name: input.name,
        administrator: { id: created.administratorId, email },
      });
      return details(created.id);
    },

    /** Disabling ends the sessions of every user of the corporation; none can sign in until enabled. */
    async setEnabled(actor: Caller, id: string, enabled: boolean) {
      const tenantId = accessibleTenant(actor.auth, id);
      const current = await details(tenantId);
      if (current.isSystem) throw new BadRequestError(corporationMessages.operatorCannotBeDisabled);
      if (!(await corporations.setEnabled(tenantId, enabled, now()))) throw notFound();
      await record(actor, tenantId, enabled ? 'corporation.enabled' : 'corporation.disabled');
      return details(tenantId);
    },

    updateSite: (actor: Caller, id: string, site: TenantSite) =>
      updateSettings(actor, id, siteColumns(site), 'corporation.site-updated'),

    // The audit log, too, only ever sees what is kept of the card: brand, last four digits, expiry.
    updateBilling: (actor: Caller, id: string, billing: Billing) =>
      updateSettings(actor, id, billingColumns(billing), 'corporation.billing-updated'),

    updateAddress: (actor: Caller, id: string, address: AddressInput) =>
      updateSettings(actor, id, addressColumns(address), 'corporation.address-updated'),

    /** Sets the license; never below the properties that use one now, which stay enabled. */
    async updateLicense(actor: Caller, id: string, license: TenantLicense) {
      const tenantId = accessibleTenant(actor.auth, id);
      const used = await corporations.lockLicenseUse(tenantId);
      if (used === undefined) throw notFound();
      if (license.licensedProperties < used) throw new ConflictError(licenseMessages.belowUse(used));
      return updateSettings(actor, tenantId, licenseColumns(license), 'corporation.license-updated');
    },

    async setBranding(actor: Caller, id: string, image: StoredImage) {
      const tenantId = accessibleTenant(actor.auth, id);
      if (!(await corporations.setBranding(tenantId, image, now()))) throw notFound();
      await record(actor, tenantId, 'corporation.branding-updated', {
        type: image.type,
        bytes: image.data.length,
      });
    },

    async branding(actor: Caller, id: string) {
      const tenantId = accessibleTenant(actor.auth, id);
      const row = await corporations.branding(tenantId);
      if (!row) throw notFound();
      return row;
    },

    async licensing(actor: Caller, id: string): Promise<LicensingSummary> {
      const found = await corporations.licensing(accessibleTenant(actor.auth, id));
      if (!found) throw notFound();
      const { endsOn, timeZone, ...summary } = found;
      // After the license's last day no property may take a license, however many are unused.
      const endedOn = licenseEndedOn(endsOn, timeZone, now());
      return { ...summary, available: endedOn ? 0 : summary.available, licenseEndedOn: endedOn };
    },
  };
}
export type CorporationsService = ReturnType<typeof corporationsService>;
