import { clientMessages } from '@homeminder/shared/contracts/clients';
import { licenseHasEnded, licenseMessages } from '@homeminder/shared/license';
import { ConflictError } from '../../lib/errors';
import type { ClientsRepository } from './clients.repository';

/** No license is free for a property that needs one. */
class LicenseExhaustedError extends ConflictError {
  constructor(licensed: number, used: number) {
    super(clientMessages.licenseExhausted(licensed, Math.max(0, licensed - used)));
  }
}

/**
 * Refuses a property that needs a license when none is free, or when the license's last day is
 * over in the corporation's time zone (docs/decisions/051); the corporation row stays locked.
 */
export async function refuseWithoutLicense(
  repository: Pick<ClientsRepository, 'licenseUse'>,
  tenantId: string,
  at: Date,
) {
  const { licensed, used, endsOn, timeZone } = await repository.licenseUse(tenantId, { lock: true });
  if (licenseHasEnded(endsOn, timeZone, at)) throw new ConflictError(licenseMessages.ended(endsOn!));
  if (used + 1 > licensed) throw new LicenseExhaustedError(licensed, used);
}
