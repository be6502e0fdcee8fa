import type { Invitation, Registered, ResetLinkStatus } from '@homeminder/shared/contracts/account';
import type { LoginResponse } from '@homeminder/shared/contracts/auth';
import type {
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from '@homeminder/shared/validation/forms';
import { http } from '../../lib/http';

export function login(input: LoginInput): Promise<LoginResponse> {
  return http.post<LoginResponse>('/api/auth/login/', input, { query: { who: input.username } });
}

/** Revokes the token on the server; signing out locally never waits on it. */
export function logout(): Promise<void> {
  return http.post<void>('api/auth/logout');
}

export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return http.post('api/auth/forgot-password', input);
}

export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return http.post('api/auth/reset-password', input);
}

/** Whether a reset link still works; the token goes in the body, out of access logs. */
export function checkResetLink(token: string, signal?: AbortSignal): Promise<ResetLinkStatus> {
  return http.post('api/auth/reset-password/check', { token }, { signal });
}

/** The invitation a /register link stands for: who it is for, and the reminders to choose from. */
export function fetchInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  return http.post('api/auth/register/invitation', { token }, { signal });
}

export function register(input: RegisterInput): Promise<Registered> {
  return http.post('api/auth/register', input);
}

/** Ends acting as another user on the server: the acting token stops working there too. */
export function endImpersonation(): Promise<void> {
  return http.delete('api/auth/impersonate');
}
