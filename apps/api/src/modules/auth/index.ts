// The auth module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { loginFailureAccountKey, loginThrottle, type AuthService, type SignInFrom } from './auth.service';
export { endClientSessions, endUserSessions, type SessionRepository } from './session.repository';
