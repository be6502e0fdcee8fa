import { adminAreaPrivileges, clientAreaPrivileges } from '@homeminder/shared/permissions';
import { homeownerRouteNames, RouteName, routePrivileges } from '@homeminder/shared/routes';
import type { AuthContext } from '../../access/auth-context';

const knownRouteNames = new Set<string>(Object.values(RouteName));
const adminNames = new Set<string>(adminAreaPrivileges);

/**
 * A route opens when it is known and any of its privileges is held; some need only a sign-in. A
 * homeowner opens the homeowner's routes only, and staff never those (docs/decisions/062).
 */
export function canOpenRoute(auth: AuthContext, routeName: string): boolean {
  if (!knownRouteNames.has(routeName)) return false;
  if ((auth.kind === 'client') !== homeownerRouteNames.has(routeName)) return false;
  const needed = routePrivileges[routeName as RouteName];
  return !needed || needed.some((privilege) => auth.privileges.has(privilege));
}

function check(names: readonly string[], test: (name: string) => boolean) {
  const results = Object.fromEntries(names.map((name) => [name, test(name)]));
  return { granted: Object.values(results).some(Boolean), results };
}

/** What the signed-in user may open and which privileges they hold, asked by name. */
export const permissionsService = {
  routes: (auth: AuthContext, routeNames: readonly string[]) =>
    check(routeNames, (name) => canOpenRoute(auth, name)),
  privileges: (auth: AuthContext, names: readonly string[]) =>
    check(names, (name) => auth.privileges.has(name)),
  adminPrivileges: (auth: AuthContext, names: readonly string[]) =>
    check(names, (name) => adminNames.has(name) && auth.privileges.has(name)),
  clientPrivileges: (auth: AuthContext) => check(clientAreaPrivileges, (name) => auth.privileges.has(name)),
};
