import type { AuthContext } from '../../access/auth-context';
import { NotFoundError } from '../../lib/errors';
import { actedBy } from '../audit';
import { scopeOf } from '../clients';
import type { HomeAccess, HomeProfilesRepository } from './home-profiles.repository';

/** Who is asking about a home: its owner for their own homes, or staff who may manage clients. */
export type HomeCaller =
  | { audience: 'client'; tenantId: string; clientId: string; auth: AuthContext; ip: string }
  | { audience: 'staff'; auth: AuthContext; ip: string };

/**
 * The home's corporation and client, when the home is within the caller's reach; else not found
 * (docs/decisions/088). `forChange` holds the home until the transaction ends, so that concurrent
 * changes of what is known of it read each other's.
 */
export async function reachHome(
  homes: Pick<HomeProfilesRepository, 'ownerOf'>,
  caller: HomeCaller,
  propertyId: string,
  { forChange = false, notFound }: { forChange?: boolean; notFound: string },
) {
  const access: HomeAccess =
    caller.audience === 'client'
      ? { tenantId: caller.tenantId, clientId: caller.clientId }
      : scopeOf(caller.auth);
  const clientId = await homes.ownerOf(access, propertyId, { forChange });
  if (!clientId) throw new NotFoundError(notFound);
  return { tenantId: access.tenantId, clientId };
}

/** Who an audit entry of a home names: the homeowner signed in, or the staff member. */
export function homeActor(caller: HomeCaller, tenantId: string) {
  return caller.audience === 'client'
    ? { tenantId, actorUserId: caller.clientId, ipAddress: caller.ip }
    : actedBy(caller);
}
