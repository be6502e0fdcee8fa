// The answers module as other modules see it; they import nothing else of it (eslint.config.mjs).
export type { AnswersService } from './answers.service';
export { helpRequestEmail } from './help-email';
