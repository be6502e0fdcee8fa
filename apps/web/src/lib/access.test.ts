import { describe, expect, it } from 'vitest';
import { checkPrivilege, checkUiAccess } from './access';
import { json, type stubFetch } from '../test/fetch';
import { stubSignedInFetch } from '../test/session';

/** The path and body of each call the fake server received. */
function callsOf(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls.map(([url, init]) => ({
    path: new URL(url instanceof Request ? url.url : url.toString(), 'http://x').pathname,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  }));
}

const response = (granted: boolean) => json({ granted, results: {} });

describe('access checks', () => {
  const fetchMock = stubSignedInFetch();

  it('checks a privilege by posting to the api url joined with its name', async () => {
    fetchMock.mockResolvedValue(response(true));
    await expect(checkPrivilege('CanManageClients')).resolves.toBe(true);
    expect(callsOf(fetchMock)).toEqual([
      { path: '/ui/api/sec/permission/privileges/CanManageClients', body: undefined },
    ]);
  });

  it('checks a list of privileges one by one, until one is held', async () => {
    fetchMock.mockResolvedValueOnce(response(false)).mockResolvedValueOnce(response(true));
    await expect(checkPrivilege(['AdminModule', 'CanManageClients', 'ManageNotifications'])).resolves.toBe(
      true,
    );
    expect(callsOf(fetchMock).map((call) => call.path)).toEqual([
      '/ui/api/sec/permission/privileges/AdminModule',
      '/ui/api/sec/permission/privileges/CanManageClients',
    ]);
  });

  it('joins the name to another api url, escaped', async () => {
    fetchMock.mockResolvedValue(response(false));
    await expect(checkPrivilege('A B', 'api/admin/permission/privileges/')).resolves.toBe(false);
    expect(callsOf(fetchMock).map((call) => call.path)).toEqual([
      '/ui/api/admin/permission/privileges/A%20B',
    ]);
  });

  it('checks a list of UI elements one by one, each posted as uiElement', async () => {
    fetchMock.mockResolvedValueOnce(response(false)).mockResolvedValueOnce(response(false));
    await expect(checkUiAccess(['adm:add', 'sys:man-notifications'])).resolves.toBe(false);
    expect(callsOf(fetchMock)).toEqual([
      { path: '/ui/api/sec/permission/ui-check', body: { uiElement: 'adm:add' } },
      { path: '/ui/api/sec/permission/ui-check', body: { uiElement: 'sys:man-notifications' } },
    ]);
  });

  it('refuses a check without a name or without an api url', async () => {
    await expect(checkPrivilege([])).rejects.toThrow('Argument "name" is required');
    await expect(checkPrivilege('AdminModule', ' ')).rejects.toThrow('Argument "apiUrl" is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
