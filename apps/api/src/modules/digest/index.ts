// The digest module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { ATTENTION_DIGEST_KIND, attentionDigestEmail, type DigestItem } from './digest-email';
export { digestRepository } from './digest.repository';
export { digestService } from './digest.service';
