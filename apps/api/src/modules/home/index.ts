// The home module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { attentionByClientSql, attentionRepository } from './attention.repository';
export { healthOverviewRepository } from './health-overview.repository';
