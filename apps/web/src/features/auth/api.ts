import type { LoginResponse } from '@homeminder/shared/contracts/auth';
import type { ForgotPasswordInput, LoginInput } from '@homeminder/shared/validation/forms';
import { api } from '../../lib/http';

export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post('/auth/login/', { body: input, query: { who: input.username } });
}

/** Revokes the token on the server; signing out locally never waits on it. */
export function logout(): Promise<void> {
  return api.post('/auth/logout');
}

export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return api.post('/auth/forgot-password', { body: input });
}

/** Ends acting as another user on the server: the acting token stops working there too. */
export function endImpersonation(): Promise<void> {
  return api.delete('/auth/impersonate');
}
