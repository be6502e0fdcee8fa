// The tenant-users module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { changePasswordWithProof, tenantUserMessages } from './tenant-users.service';
