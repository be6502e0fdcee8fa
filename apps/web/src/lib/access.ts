import type { ApiAnswer } from '@homeminder/shared/contracts/api-routes';
import { MissingArgumentError } from '@homeminder/shared/validation/argument-errors';
import { request } from './http';

/**
 * Default paths of the two access checks (docs/requirements.md §4). The address is an argument of
 * each check, so they call `request` at it, with the answer of the route map's check.
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

/** Asks each name in turn, stopping at the first that is granted: a list is checked one by one. */
async function anyGranted(
  names: readonly string[],
  ask: (name: string) => Promise<boolean>,
): Promise<boolean> {
  for (const name of names) if (await ask(name)) return true;
  return false;
}

/** May the signed-in user open the UI element (a route name), or any of them? */
export async function checkUiAccess(
  nameOrNames: string | readonly string[],
  apiUrl: string = accessCheckUrls.uiCheck,
): Promise<boolean> {
  if (!apiUrl.trim()) throw new MissingArgumentError('apiUrl');
  return anyGranted(namesOf(nameOrNames), async (uiElement) => {
    const answer = (await request(apiUrl, { method: 'POST', body: { uiElement } })) as ApiAnswer<
      'POST',
      '/sec/permission/ui-check'
    >;
    return answer.granted;
  });
}

/** Does the signed-in user hold the privilege, or any of them? Each is posted to the api url joined with its name. */
export async function checkPrivilege(
  nameOrNames: string | readonly string[],
  apiUrl: string = accessCheckUrls.privileges,
): Promise<boolean> {
  if (!apiUrl.trim()) throw new MissingArgumentError('apiUrl');
  return anyGranted(namesOf(nameOrNames), async (name) => {
    const answer = (await request(`${apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(name)}`, {
      method: 'POST',
    })) as ApiAnswer<'POST', '/sec/permission/privileges/:name'>;
    return answer.granted;
  });
}
