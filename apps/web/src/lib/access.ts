import type { ApiResponse } from '@homeminder/shared/contracts/api-routes';
import { MissingArgumentError } from '@homeminder/shared/validation/argument-errors';
import { request } from './http';

/**
 * Default paths of the two access checks (docs/requirements.md §4). The address is an argument of
 * each check, so they call `request` at it, with the response of the route map's check.
 */
export const accessCheckUrls = {
  uiCheck: 'api/sec/permission/ui-check',
  privileges: 'api/sec/permission/privileges',
} as const;

function namesOf(nameOrNames: string | readonly string[]): string[] {
  const names = [nameOrNames].flat().filter((name) => name.trim() !== '');
  if (names.length === 0) throw new MissingArgumentError('name');
  return names;
}

/**
 * An access check at `defaultUrl` (or the address it is given): it asks each name in turn,
 * stopping at the first that is granted, so a list is checked one by one.
 */
function accessCheck(
  ask: (apiUrl: string, name: string) => Promise<{ granted: boolean }>,
  defaultUrl: string,
) {
  return async (nameOrNames: string | readonly string[], apiUrl: string = defaultUrl): Promise<boolean> => {
    if (!apiUrl.trim()) throw new MissingArgumentError('apiUrl');
    for (const name of namesOf(nameOrNames)) if ((await ask(apiUrl, name)).granted) return true;
    return false;
  };
}

/** May the signed-in user open the UI element (a route name), or any of them? */
export const checkUiAccess = accessCheck(
  async (apiUrl, uiElement) =>
    (await request(apiUrl, { method: 'POST', body: { uiElement } })) as ApiResponse<
      'POST',
      '/sec/permission/ui-check'
    >,
  accessCheckUrls.uiCheck,
);

/** Does the signed-in user hold the privilege, or any of them? Each is posted to the api url joined with its name. */
export const checkPrivilege = accessCheck(
  async (apiUrl, name) =>
    (await request(`${apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(name)}`, {
      method: 'POST',
    })) as ApiResponse<'POST', '/sec/permission/privileges/:name'>,
  accessCheckUrls.privileges,
);
