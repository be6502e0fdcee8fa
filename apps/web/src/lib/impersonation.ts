import { api } from './http';

// Acting as another user: the admin screens offer it, the session switches to the token it gives.

/** May the signed-in user act as another user? */
export function canImpersonate(): Promise<{ allowed: boolean }> {
  return api.get('/auth/impersonate/check');
}

/** Asks the server for a token to act as another user; the session does not change yet. */
export async function requestImpersonation(userId: string): Promise<string> {
  const { token } = await api.post('/auth/impersonate/:userId', { params: { userId } });
  return token;
}
