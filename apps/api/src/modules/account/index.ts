// The account module as other modules see it; they import nothing else of it (eslint.config.mjs).
export type { AccountService } from './account.service';
export { clientInvitationEmail, passwordResetEmail, welcomeEmail } from './account.emails';
