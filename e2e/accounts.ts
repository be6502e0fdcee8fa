/** The demo accounts' password, and signing in through the API for a journey's own calls. */
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';

/** The password of every demo account (seeded on an empty embedded database). */
export const demoPassword = 'Demo-Passw0rd!';

/**
 * The server ends a kept-alive connection after a few idle seconds; a call sent on it at that
 * moment meets ECONNRESET before the server reads it, so setup calls are sent once more then.
 */
export const resentOnReset = { maxRetries: 1 } as const;

/** Signs in through the API and returns the bearer token. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = demoPassword,
): Promise<{ token: string; expiresAt: string }> {
  // A token for the test's own API calls, not a sign-in of the browser: asked in a request context
  // of its own on the same server, since the response's session cookie would go into a page's
  // cookies (a page's `request` shares them), and the server would render its pages for this person.
  const baseURL = (await request.get('api/health', resentOnReset)).url().replace(/api\/health$/, '');
  const own = await playwrightRequest.newContext({ baseURL });
  try {
    const response = await own.post(`api/auth/login/?who=${encodeURIComponent(email)}`, {
      data: { username: email, password, rememberMe: false },
    });
    expect(response.status(), `sign-in of ${email}`).toBe(200);
    return (await response.json()) as { token: string; expiresAt: string };
  } finally {
    await own.dispose();
  }
}
