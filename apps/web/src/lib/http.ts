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

/** Called when a signed-in request answers 401: the token was revoked or has expired. */
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

async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', query, body, signal, keepalive = false } = options;
  const headers = { ...requestHeaders(credentialSource()), ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
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
    if (response.status === 401 && headers['Authorization']) unauthorizedListener?.();
    const failure = new ApiError(
      errorMessagesFrom(text, response.headers.get('content-type')),
      response.status,
    );
    if (
      response.status === 403 &&
      headers['Impersonation'] &&
      failure.messages.includes(impersonationMessages.ended)
    )
      impersonationEndedListener?.();
    throw failure;
  }
  return response;
}

/** Calls the API and answers its JSON body (or undefined for an empty answer). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/** The file name from a content-disposition header, else the given name, else 'no-file-name'. */
export function downloadFileName(contentDisposition: string | null, fallback?: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  const plain = /filename="?([^";]+)"?/i.exec(contentDisposition ?? '')?.[1];
  return plain?.trim() || fallback || 'no-file-name';
}

/** What `downloadFile` answers besides saving the file: the Blob, a data URL, or the raw bytes. */
export type DownloadAnswer = 'blob' | 'dataUrl' | 'raw';

interface DownloadAnswers {
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

/**
 * Downloads a file from the API (GET, or POST with a body) and saves it on the device. Answers the
 * Blob, or with `returnAs` a data URL (to show an image or document in the page) or the raw bytes.
 */
export async function downloadFile<As extends DownloadAnswer = 'blob'>(
  path: string,
  options: RequestOptions & { fileName?: string; returnAs?: As } = {},
): Promise<DownloadAnswers[As]> {
  const response = await send(path, options);
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = downloadFileName(response.headers.get('content-disposition'), options.fileName);
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
  const answers: { [Key in DownloadAnswer]: () => Promise<DownloadAnswers[Key]> } = {
    blob: async () => blob,
    dataUrl: () => dataUrlOf(blob),
    raw: () => blob.arrayBuffer(),
  };
  return answers[options.returnAs ?? 'blob']() as Promise<DownloadAnswers[As]>;
}
