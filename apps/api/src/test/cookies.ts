import type { LightMyRequestResponse } from 'fastify';
import { sessionCookieNames } from '../plugins/session-cookies';

/** The raw Set-Cookie line a response gives for the cookie `name`, if any. */
export function setCookieLine(response: LightMyRequestResponse, name: string): string | undefined {
  const raw = response.headers['set-cookie'];
  const lines = raw === undefined ? [] : [raw].flat().map(String);
  return lines.find((line) => line.startsWith(`${name}=`));
}

/** The value a response sets the cookie `name` to (empty when it clears it), if it sets it at all. */
export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

/** The Cookie header a browser sends holding the session's token, and the acting token if given. */
export function sessionCookieHeader(session: string, acting?: string): Record<string, string> {
  const pairs = [`${sessionCookieNames.session}=${session}`];
  if (acting !== undefined) pairs.push(`${sessionCookieNames.acting}=${acting}`);
  return { cookie: pairs.join('; ') };
}
