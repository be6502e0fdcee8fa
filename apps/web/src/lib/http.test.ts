import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { ApiError, errorMessagesFrom } from './api-error';
import { impersonationMessages } from '@homeminder/shared/contracts/auth';
import { stubFetch } from '../test/fetch';
import { stubSignedInFetch } from '../test/session';
import {
  api,
  apiUrl,
  downloadFile,
  downloadFileName,
  onImpersonationEnded,
  onUnauthorized,
  request,
  requestHeaders,
  setCredentialSource,
} from './http';

describe('apiUrl', () => {
  it('resolves relative and absolute API paths under the base path and adds _ti', () => {
    const relative = apiUrl('api/auth/who-am-i');
    const absolute = apiUrl('/api/auth/login/', { who: 'a@b.test' });
    expect(relative).toMatch(/^\/ui\/api\/auth\/who-am-i\?_ti=[0-9a-f-]{36}$/);
    expect(absolute).toMatch(/^\/ui\/api\/auth\/login\/\?who=a%40b\.test&_ti=/);
  });

  it('creates _ti once per browser session and keeps it in session storage', () => {
    const first = new URL(apiUrl('api/a'), 'http://x').searchParams.get('_ti');
    const second = new URL(apiUrl('api/b'), 'http://x').searchParams.get('_ti');
    expect(first).toBe(second);
    expect(sessionStorage.getItem('homeminder:_ti')).toBe(first);
  });

  it('refuses a call without a URL', () => {
    expect(() => apiUrl('  ')).toThrow(/url/);
  });
});

describe('requestHeaders', () => {
  it('adds tenant-id, Authorization and Impersonation only when the session has them', () => {
    expect(requestHeaders({ bearerToken: null, impersonatedToken: null, tenantId: null })).toEqual({
      Accept: 'application/json',
    });
    expect(requestHeaders({ bearerToken: 'tok', impersonatedToken: 'imp', tenantId: 't-1' })).toEqual({
      Accept: 'application/json',
      'tenant-id': 't-1',
      Authorization: 'Bearer tok',
      Impersonation: 'Impersonated imp',
    });
  });
});

describe('errorMessagesFrom', () => {
  it('takes every message of an Errors body', () => {
    expect(errorMessagesFrom('{"Errors":["First","Second"]}', 'application/json')).toEqual([
      'First',
      'Second',
    ]);
  });
  it('takes a text body as it is', () => {
    expect(errorMessagesFrom('Gateway timed out', 'text/plain')).toEqual(['Gateway timed out']);
  });
  it('falls back to the default text for an empty body', () => {
    expect(errorMessagesFrom('', null)).toEqual([messages.serverError]);
  });
});

describe('http', () => {
  const fetchMock = stubSignedInFetch();
  afterEach(() => {
    onUnauthorized(null);
    onImpersonationEnded(null);
  });

  it('sends JSON with the session headers', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await expect(request('api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok',
      'tenant-id': 'tenant-1',
    });
  });

  it('turns a refusal into an ApiError carrying all messages, the first as its message', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"Errors":["Email address is not valid","Other"]}', { status: 400 }),
    );
    const error = await request('api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Email address is not valid');
    expect((error as ApiError).messages).toEqual(['Email address is not valid', 'Other']);
    expect((error as ApiError).status).toBe(400);
  });

  it('reports a signed-in 401 so the session can end', async () => {
    const listener = vi.fn();
    onUnauthorized(listener);
    fetchMock.mockResolvedValue(new Response('{"Errors":["Your session has ended."]}', { status: 401 }));
    await expect(request('api/x')).rejects.toThrow('Your session has ended.');
    expect(listener).toHaveBeenCalledOnce();
  });

  it('reports that acting as another user has ended, only for a request that was acting', async () => {
    const listener = vi.fn();
    const unauthorized = vi.fn();
    onImpersonationEnded(listener);
    onUnauthorized(unauthorized);
    const ended = () =>
      new Response(JSON.stringify({ Errors: [impersonationMessages.ended] }), { status: 403 });
    fetchMock.mockResolvedValue(ended());
    await expect(request('api/x')).rejects.toThrow(impersonationMessages.ended);
    expect(listener).not.toHaveBeenCalled();

    setCredentialSource(() => ({ bearerToken: 'tok', impersonatedToken: 'imp', tenantId: 'tenant-1' }));
    fetchMock.mockResolvedValue(ended());
    await expect(request('api/x')).rejects.toThrow(impersonationMessages.ended);
    fetchMock.mockResolvedValue(new Response('{"Errors":["You do not have permission."]}', { status: 403 }));
    await expect(request('api/x')).rejects.toThrow('You do not have permission.');
    expect(listener).toHaveBeenCalledOnce();
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('says so plainly when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await request('api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toMatch(/could not be reached/);
  });
});

describe('api', () => {
  const fetchMock = stubSignedInFetch();
  const ok = (body: string) =>
    new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  const sent = () => {
    const [url, init] = fetchMock.mock.calls[0]!;
    return { url: new URL(url instanceof Request ? url.url : url.toString(), 'http://x'), init };
  };

  it('puts the path parameters of a route in its path, escaped, under api', async () => {
    fetchMock.mockResolvedValue(ok('{"id":"c 1"}'));
    await expect(api.get('/clients/client/:id', { params: { id: 'c 1' } })).resolves.toEqual({ id: 'c 1' });
    expect(sent().url.pathname).toBe('/ui/api/clients/client/c%201');
    expect(sent().init?.method).toBe('GET');
  });

  it('sends the body as JSON and the query beside _ti, keeping a trailing slash', async () => {
    fetchMock.mockResolvedValue(ok('{"token":"t"}'));
    await api.post('/auth/login/', {
      body: { username: 'a@b.test', password: 'secret' },
      query: { who: 'a@b.test' },
    });
    expect(sent().url.pathname).toBe('/ui/api/auth/login/');
    expect(sent().url.searchParams.get('who')).toBe('a@b.test');
    expect(sent().init?.body).toBe('{"username":"a@b.test","password":"secret"}');
  });

  it('returns undefined for an empty response', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(
      api.delete('/bulk/:tenant/:id', { params: { tenant: 't-1', id: 7 } }),
    ).resolves.toBeUndefined();
    expect(sent().url.pathname).toBe('/ui/api/bulk/t-1/7');
  });
});

describe('downloadFileName', () => {
  it('prefers the content-disposition name, then the given name, then no-file-name', () => {
    expect(downloadFileName(`attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`)).toBe('résumé.pdf');
    expect(downloadFileName('attachment; filename="clients.csv"')).toBe('clients.csv');
    expect(downloadFileName(null, 'export.csv')).toBe('export.csv');
    expect(downloadFileName(null)).toBe('no-file-name');
  });
});

describe('downloadFile', () => {
  const fetchMock = stubFetch();
  const saved: Array<{ href: string; download: string }> = [];
  const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff]);
  beforeEach(() => {
    fetchMock.mockImplementation(
      async () =>
        new Response(bytes, {
          status: 200,
          headers: {
            'content-type': 'application/octet-stream',
            'content-disposition': 'attachment; filename="letter.docx"',
          },
        }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    saved.length = 0;
  });

  it('saves the file on the device and returns the blob', async () => {
    const response = await downloadFile('GET /admin/template/file/:templateId', {
      params: { templateId: 't-1' },
    });
    expect(response).toBeInstanceOf(Blob);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(saved).toEqual([expect.objectContaining({ download: 'letter.docx' })]);
  });

  it('returns a data URL when asked for one', async () => {
    const response = await downloadFile('GET /admin/template/file/:templateId', {
      params: { templateId: 't-1' },
      returnAs: 'dataUrl',
    });
    expect(response).toBe('data:application/octet-stream;base64,UEsDBP8=');
    expect(saved).toHaveLength(1);
  });

  it('returns the raw bytes the server sent when asked for them', async () => {
    const response = await downloadFile('GET /admin/template/file/:templateId', {
      params: { templateId: 't-1' },
      returnAs: 'raw',
    });
    expect(response).toBeInstanceOf(ArrayBuffer);
    expect(new Uint8Array(response)).toEqual(bytes);
    expect(saved).toHaveLength(1);
  });
});
