import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import { Privilege } from '@homeminder/shared/permissions';
import type { AuditAction } from '@homeminder/shared/audit-labels';
import { idSchema } from '@homeminder/shared/validation/ids';
import type { AuthContext } from '../../access/auth-context';
import { callerOf, clientOf, requireAnyPrivilege, requireAuth } from '../../plugins/auth';
import { NotFoundError } from '../../lib/errors';
import { actedBy, type AuditEntry } from '../audit';
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
  { forChange = false }: { forChange?: boolean } = {},
) {
  const access: HomeAccess =
    caller.audience === 'client'
      ? { tenantId: caller.tenantId, clientId: caller.clientId }
      : scopeOf(caller.auth);
  const clientId = await homes.ownerOf(access, propertyId, { forChange });
  if (!clientId) throw new NotFoundError(homeProfileMessages.homeNotFound);
  return { tenantId: access.tenantId, clientId };
}

/** `reachHome` over a service's repository, as each of the home's services asks it. */
export function homeReach(homes: Pick<HomeProfilesRepository, 'ownerOf'>) {
  return (caller: HomeCaller, propertyId: string, forChange = false) =>
    reachHome(homes, caller, propertyId, { forChange });
}

/** Who an audit entry of a home names: the homeowner signed in, or the staff member. */
function homeActor(caller: HomeCaller, tenantId: string) {
  return caller.audience === 'client'
    ? { tenantId, actorUserId: caller.clientId, ipAddress: caller.ip }
    : actedBy(caller);
}

/** The audit entry of a change to a home: the client's record, so that the client's Activity lists it. */
export function homeAuditEntry(
  caller: HomeCaller,
  home: { tenantId: string; clientId: string },
  action: AuditAction,
  details: Record<string, unknown>,
): AuditEntry {
  return {
    ...homeActor(caller, home.tenantId),
    action,
    recordType: 'client-user',
    recordId: home.clientId,
    details,
  };
}

/** The path parameter of a home's routes, `${base}/:id`: the home. */
const homeParams = z.object({ id: idSchema });

/**
 * The two audiences of a home's routes: the homeowner's own homes under `/homeowner/homes`, and
 * staff's under `/clients/properties`, each with its guard, its words and its caller. The options
 * take the home's id from the path; a route with more path parameters states its own.
 */
export function homeAudiences() {
  return [
    {
      base: '/homeowner/homes',
      options: { tags: ['homeowner'], preValidation: requireAuth, audience: 'client', params: homeParams },
      whose: "one of the homeowner's homes",
      callerOf: (request: FastifyRequest): HomeCaller => ({
        audience: 'client',
        ...clientOf(request),
        ip: request.ip,
      }),
    },
    {
      base: '/clients/properties',
      options: {
        tags: ['clients'],
        preValidation: requireAnyPrivilege(Privilege.CanManageClients),
        params: homeParams,
      },
      whose: "a client's home",
      callerOf: (request: FastifyRequest): HomeCaller => ({ audience: 'staff', ...callerOf(request) }),
    },
  ] as const;
}
