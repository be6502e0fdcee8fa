import type { Privilege } from '@homeminder/shared/permissions';

/**
 * Who a request comes from and which corporation it acts on, as the auth plugin resolves it from
 * the session. Services take it and check privileges and scope themselves, so they need nothing
 * of Fastify.
 */
export interface AuthContext {
  tokenHash: string;
  /**
   * Who signed in: a member of a corporation's staff, or a homeowner (a client of one), who holds
   * no privilege and reaches only the homeowner's routes (docs/decisions/062).
   */
  kind: 'staff' | 'client';
  /** The staff member's id, or the client's for a homeowner. */
  userId: string;
  /** The signed-in user's own corporation. */
  homeTenantId: string;
  /** The corporation this request acts on: the home one, or the one the tenant-id header selects. */
  tenantId: string;
  email: string;
  name: string;
  homeTenantName: string;
  roles: string[];
  privileges: ReadonlySet<string>;
  /** While impersonating: the person really acting, whose session the request came with. */
  impersonator: { userId: string; tenantId: string; name: string; tokenHash: string } | null;
}

/** Who asks: the signed-in user and their address, for the audit log. */
export interface Caller {
  auth: AuthContext;
  ip: string;
}

export function hasPrivilege(auth: AuthContext, name: Privilege): boolean {
  return auth.privileges.has(name);
}

export const audienceMessages = {
  staffOnly: 'This page is for staff of the company. Sign in with a staff account.',
  clientOnly: 'This page is for homeowners. Sign in with the account your realtor invited you to make.',
} as const;

export const tenantMessages = {
  invalidHeader: 'The tenant-id header is not a valid id.',
  foreignTenant: 'You cannot act for another company.',
  unknownTenant: 'The selected company does not exist.',
} as const;

export const authMessages = {
  badCredentials: 'The email or password is incorrect.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`,
} as const;
