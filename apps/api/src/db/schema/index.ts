/**
 * The whole domain of docs/requirements.md §12. Every tenant-owned table leads its primary key and
 * indexes with tenant_id, and references other tenant rows by (tenant_id, id): a row can never
 * point into another corporation, and the data can later be distributed by tenant.
 *
 * The tables by what they are about; drizzle-kit reads every file of this folder.
 */
export * from './corporations';
export * from './staff';
export * from './clients';
export * from './homes';
export * from './reminders';
export * from './notices';
export * from './bulk';
export * from './sessions';
export * from './attention';
export * from './mail';
export * from './texts';
