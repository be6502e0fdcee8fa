import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie';
import type { AuthContext } from '../access/auth-context';
import type { SessionAuthenticator } from './session-auth';

/**
 * The cookies that tell the server who asks for a page: the token of the sign-in, and while acting
 * as another user the acting token. They authorise reading pages only; the API reads its tokens
 * from headers alone (plugins/auth.ts), so no other site can make a browser change anything.
 */
export const sessionCookieNames = {
  session: 'homeminder_session',
  acting: 'homeminder_acting',
} as const;

/** A token as the routes that start a session respond with it. */
interface IssuedToken {
  token: string;
  /** When it ends, as an ISO timestamp. */
  expiresAt: string;
}

interface SessionCookieSettings {
  /** The portal's base path: the cookies go with its pages and nowhere else on the host. */
  path: string;
  /** Where the API responds; a cookie is never a sign-in there. */
  apiPrefix: string;
  authenticator: SessionAuthenticator;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookies: SessionCookieSettings;
  }
}

/**
 * Reads and writes cookies for the whole server. Registered on the root instance, before the API
 * and the pages, so both reach the settings.
 */
export async function registerSessionCookies(
  app: FastifyInstance,
  settings: Omit<SessionCookieSettings, 'apiPrefix'>,
): Promise<void> {
  await app.register(fastifyCookie);
  app.decorate('sessionCookies', { ...settings, apiPrefix: `${settings.path}api` });
}

/**
 * HttpOnly keeps the token from the page's scripts; Lax keeps it off what other sites send, except
 * a link someone follows to a page; Secure whenever the request came over HTTPS (the balancer's
 * X-Forwarded-Proto counts when TRUST_PROXY trusts it).
 */
function cookieOptions(reply: FastifyReply, maxAgeSeconds: number): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: reply.server.sessionCookies.path,
    secure: reply.request.protocol === 'https',
    maxAge: maxAgeSeconds,
  };
}

/** Seconds until the token ends: the cookie lasts exactly as long as what it holds. */
function secondsLeft(reply: FastifyReply, issued: IssuedToken): number {
  const left = Date.parse(issued.expiresAt) - reply.server.sessionCookies.now().getTime();
  return Math.max(0, Math.round(left / 1000));
}

/** Where a request that starts a session comes from, kept with the session. */
export function signInFrom(request: FastifyRequest): { ip: string; userAgent: string | null } {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * A new sign-in's token; an acting token left from an earlier sign-in goes. Returns what was issued,
 * which the route responds with too.
 */
export function setSessionCookie<Issued extends IssuedToken>(reply: FastifyReply, issued: Issued): Issued {
  reply.setCookie(sessionCookieNames.session, issued.token, cookieOptions(reply, secondsLeft(reply, issued)));
  clearActingCookie(reply);
  return issued;
}

/** The token of acting as another user, beside the sign-in's; returns what was issued, as above. */
export function setActingCookie<Issued extends IssuedToken>(reply: FastifyReply, issued: Issued): Issued {
  reply.setCookie(sessionCookieNames.acting, issued.token, cookieOptions(reply, secondsLeft(reply, issued)));
  return issued;
}

/** Back as themselves. */
export function clearActingCookie(reply: FastifyReply): void {
  reply.clearCookie(sessionCookieNames.acting, cookieOptions(reply, 0));
}

/** Signed out: neither token is kept. */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(sessionCookieNames.session, cookieOptions(reply, 0));
  clearActingCookie(reply);
}

/** Whether the request is for the API, whose routes take no cookie as a sign-in. */
function isApiRequest(request: FastifyRequest): boolean {
  const path = (request.routeOptions.url ?? request.url.split('?')[0] ?? '').toLowerCase();
  const prefix = request.server.sessionCookies.apiPrefix.toLowerCase();
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Who asks for a page, from the cookies: the signed-in person, or the user they act as; null when
 * no one is signed in, the session has ended, or the request is not a GET or HEAD of a page. An
 * acting token that has ended or belongs to another sign-in leaves the person as themselves, as
 * switching back would. The page acts in the person's own corporation unless `tenantId` asks for
 * another, which is checked as the API checks its `tenant-id` header (and refused the same way).
 */
export async function documentAuth(
  request: FastifyRequest,
  options: { tenantId?: string } = {},
): Promise<AuthContext | null> {
  return (await documentSignIn(request, options))?.auth ?? null;
}

/**
 * The person a page is rendered for (documentAuth) and the API headers that make the page's reads
 * theirs: the API checks those as it checks the browser's own, so a page reads nothing its person
 * could not. Only reads: the page's server passes these on GET requests alone.
 */
export async function documentSignIn(
  request: FastifyRequest,
  options: { tenantId?: string } = {},
): Promise<{ auth: AuthContext; apiHeaders: Record<string, string> } | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (isApiRequest(request)) return null;
  const cookies = request.cookies;
  const session = cookies[sessionCookieNames.session];
  if (!session) return null;
  const acting = cookies[sessionCookieNames.acting] || null;
  const { authenticator } = request.server.sessionCookies;
  const auth = await authenticator.identify({ session, acting }, 'asThemselves');
  if (!auth) return null;
  auth.tenantId = await authenticator.selectedTenant(options.tenantId, auth);
  const apiHeaders: Record<string, string> = { authorization: `Bearer ${session}` };
  if (auth.impersonator && acting) apiHeaders['impersonation'] = `Impersonated ${acting}`;
  if (options.tenantId) apiHeaders['tenant-id'] = auth.tenantId;
  return { auth, apiHeaders };
}
