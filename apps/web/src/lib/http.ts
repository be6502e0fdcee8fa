import type {
  ApiResponse,
  ApiBody,
  ApiMethod,
  ApiParams,
  ApiPath,
  ApiQuery,
  ApiRouteKey,
} from '@homeminder/shared/contracts/api-routes';
import { impersonationMessages } from '@homeminder/shared/contracts/impersonation-messages';
import { MissingArgumentError } from '@homeminder/shared/validation/argument-errors';
import { ApiError, errorMessagesFrom } from './api-error';
import { resolveApiPath, requestHeaders, type RequestCredentials } from './api-request';

export { requestHeaders, type RequestCredentials };

let credentialSource: () => RequestCredentials = () => ({
  bearerToken: null,
  impersonatedToken: null,
  tenantId: null,
});
let unauthorizedListener: (() => void) | null = null;
let impersonationEndedListener: (() => void) | null = null;

/** The address of an API path (docs/requirements.md §8.1): under the base path, with `_ti`. */
export function apiUrl(...[path, query]: Parameters<typeof resolveApiPath>): string {
  if (!path.trim()) throw new MissingArgumentError('url');
  return resolveApiPath(path, query);
}

export function setCredentialSource(source: () => RequestCredentials): void {
  credentialSource = source;
}

/** Called when a signed-in request responds 401: the token was revoked or has expired. */
export function onUnauthorized(listener: (() => void) | null): void {
  unauthorizedListener = listener;
}

/** Called when the server says acting as another user has ended (its hour is up, or its session). */
export function onImpersonationEnded(listener: (() => void) | null): void {
  impersonationEndedListener = listener;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as JSON, or as it is when it is FormData (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. a tenant-id other than the session's. */
  headers?: Record<string, string>;
  /** The browser finishes the request even if the page is being closed. */
  keepalive?: boolean;
}

/**
 * Where calls go: from the browser, the network with the session's headers; on the server, the
 * API in-process for the page being rendered (server-api.ts).
 */
export interface ApiTransport {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  url: (path: string, query: RequestOptions['query']) => string;
  credentials: () => RequestCredentials;
  /** Whether refusals sign the person out or end acting as someone: only in the browser. */
  notifies: boolean;
}

const browserTransport: ApiTransport = {
  fetch: (url, init) => fetch(url, init),
  url: apiUrl,
  credentials: () => credentialSource(),
  notifies: true,
};

async function send(transport: ApiTransport, path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', query, body, signal, keepalive = false } = options;
  const headers = { ...requestHeaders(transport.credentials()), ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await transport.fetch(transport.url(path, query), {
      method,
      headers,
      body: payload ?? null,
      signal: signal ?? null,
      keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(['The server could not be reached. Check your connection and try again.'], 0);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const failure = new ApiError(
      errorMessagesFrom(text, response.headers.get('content-type')),
      response.status,
    );
    if (transport.notifies) notifyRefusal(failure, headers);
    throw failure;
  }
  return response;
}

/** A refused sign-in signs the person out; a refused acting token ends acting as someone. */
function notifyRefusal(failure: ApiError, headers: Record<string, string>) {
  if (failure.status === 401 && headers['Authorization']) unauthorizedListener?.();
  if (
    failure.status === 403 &&
    headers['Impersonation'] &&
    failure.messages.includes(impersonationMessages.ended)
  )
    impersonationEndedListener?.();
}

/**
 * Calls the API at an address and returns its JSON body (or undefined for an empty response). Calls
 * go through `api`, typed by the route map; only the access checks, whose address is an argument
 * (lib/access.ts), call this directly.
 */
export async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
  return bodyOf(await send(browserTransport, path, options));
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** What every call may add: the abort signal, extra headers, keepalive. */
type CallBase = Omit<RequestOptions, 'method' | 'body' | 'query'>;

/**
 * The options of one route (packages/shared/src/contracts/api-routes.ts): `params` when its path
 * has parameters, `body` and `query` only when it takes them, each typed by its contract.
 */
export type CallOptions<Method extends ApiMethod, Path extends ApiPath<Method>> = CallBase &
  (keyof ApiParams<Path> extends never ? { params?: never } : { params: ApiParams<Path> }) &
  ([ApiBody<Method, Path>] extends [never]
    ? { body?: never }
    : undefined extends ApiBody<Method, Path>
      ? { body?: ApiBody<Method, Path> }
      : { body: ApiBody<Method, Path> }) &
  ([ApiQuery<Method, Path>] extends [never] ? { query?: never } : { query?: ApiQuery<Method, Path> });

/** The options argument, left out when nothing in it is required. */
type CallArgs<Method extends ApiMethod, Path extends ApiPath<Method>> =
  object extends CallOptions<Method, Path>
    ? [options?: CallOptions<Method, Path>]
    : [options: CallOptions<Method, Path>];

/** A route's path with its parameters put in, escaped: `/clients/client/:id` → `/clients/client/c-1`. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9]+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new MissingArgumentError(name);
    return encodeURIComponent(String(value));
  });
}

/** Any route's options, as `call` and `downloadFile` read them once the route's types are checked. */
type AnyCallOptions = CallBase & {
  params?: Record<string, string | number>;
  body?: unknown;
  query?: RequestOptions['query'];
};

/** The request of one route: its path filled in under `api`, its options as they are. */
function routeRequest(method: ApiMethod, path: string, options: object = {}): [string, RequestOptions] {
  const { params, body, query, ...rest } = options as AnyCallOptions;
  return [`api${fillPath(path, params)}`, { ...rest, method, body, query }];
}

/**
 * The one way the web app calls the API: a method, a path of the shared route map, and the
 * route's options; the response is typed by the route's response contract.
 */
export function createApi(transport: ApiTransport) {
  const call = async (method: ApiMethod, path: string, options?: object) =>
    bodyOf(await send(transport, ...routeRequest(method, path, options)));
  return {
    get: <Path extends ApiPath<'GET'>>(path: Path, ...[options]: CallArgs<'GET', Path>) =>
      call('GET', path, options) as Promise<ApiResponse<'GET', Path>>,
    post: <Path extends ApiPath<'POST'>>(path: Path, ...[options]: CallArgs<'POST', Path>) =>
      call('POST', path, options) as Promise<ApiResponse<'POST', Path>>,
    put: <Path extends ApiPath<'PUT'>>(path: Path, ...[options]: CallArgs<'PUT', Path>) =>
      call('PUT', path, options) as Promise<ApiResponse<'PUT', Path>>,
    delete: <Path extends ApiPath<'DELETE'>>(path: Path, ...[options]: CallArgs<'DELETE', Path>) =>
      call('DELETE', path, options) as Promise<ApiResponse<'DELETE', Path>>,
  };
}

export type Api = ReturnType<typeof createApi>;

/** The browser's API: the network, with the session's headers. */
export const api: Api = createApi(browserTransport);

/** The file name from a content-disposition header, else the given name, else 'no-file-name'. */
export function downloadFileName(contentDisposition: string | null, fallback?: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  const plain = /filename="?([^";]+)"?/i.exec(contentDisposition ?? '')?.[1];
  return plain?.trim() || fallback || 'no-file-name';
}

/** What `downloadFile` returns besides saving the file: the Blob, a data URL, or the raw bytes. */
export type DownloadResponse = 'blob' | 'dataUrl' | 'raw';

interface DownloadResponses {
  blob: Blob;
  dataUrl: string;
  raw: ArrayBuffer;
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
}

type MethodOf<Route extends ApiRouteKey> = Route extends `${infer Method extends ApiMethod} ${string}`
  ? Method
  : never;
type PathOf<Route extends ApiRouteKey> = Route extends `${ApiMethod} ${infer Path}` ? Path : never;

/** A route that responds with a file rather than JSON. */
export type DownloadRoute =
  | 'GET /admin/template/file/:templateId'
  | 'POST /clients/export'
  | 'POST /clients/bulk/export'
  | `GET ${'/homeowner/homes' | '/clients/properties'}/:id/systems/:systemId/${'label' | 'manual'}`
  | `GET ${'/homeowner/homes' | '/clients/properties'}/:id/record/:entryId/files/:fileId`
  | `GET ${'/homeowner/homes' | '/clients/properties'}/:id/report`
  | 'GET /homeowner/sold-homes/:id/report';

type DownloadOptions<Route extends DownloadRoute> = CallOptions<
  MethodOf<Route>,
  PathOf<Route> & ApiPath<MethodOf<Route>>
>;

/**
 * Reads a file from the API as the Blob, a data URL (to show an image in the page) or the raw
 * bytes, without saving it: a file's address cannot be an image's `src`, as it needs the session's
 * headers.
 */
export async function fetchFile<Route extends DownloadRoute, As extends DownloadResponse = 'blob'>(
  route: Route,
  options: DownloadOptions<Route> & { returnAs?: As },
): Promise<DownloadResponses[As]> {
  const { returnAs, ...callOptions } = options;
  const { blob } = await fetchBlob(route, callOptions);
  return responseAs(blob, returnAs);
}

async function fetchBlob(route: DownloadRoute, options: object) {
  const [method, path] = route.split(' ') as [ApiMethod, string];
  const response = await send(browserTransport, ...routeRequest(method, path, options));
  return { blob: await response.blob(), disposition: response.headers.get('content-disposition') };
}

function responseAs<As extends DownloadResponse>(blob: Blob, returnAs: As | undefined) {
  const responses: { [Key in DownloadResponse]: () => Promise<DownloadResponses[Key]> } = {
    blob: async () => blob,
    dataUrl: () => dataUrlOf(blob),
    raw: () => blob.arrayBuffer(),
  };
  return responses[returnAs ?? 'blob']() as Promise<DownloadResponses[As]>;
}

/**
 * Downloads a file from the API (GET, or POST with a body) and saves it on the device. Returns the
 * Blob, or with `returnAs` a data URL (to show an image or document in the page) or the raw bytes.
 */
export async function downloadFile<Route extends DownloadRoute, As extends DownloadResponse = 'blob'>(
  route: Route,
  options: DownloadOptions<Route> & { fileName?: string; returnAs?: As },
): Promise<DownloadResponses[As]> {
  const { fileName, returnAs, ...callOptions } = options;
  const { blob, disposition } = await fetchBlob(route, callOptions);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = downloadFileName(disposition, fileName);
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
  return responseAs(blob, returnAs);
}
