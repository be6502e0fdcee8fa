// The replies module as other modules see it; they import nothing else of it (eslint.config.mjs).
export type { RepliesService } from './replies.service';
export { helpRequestEmail } from './help-email';
