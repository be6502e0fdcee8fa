import type { GridColumn } from './data-grid';

interface TenantRecord {
  tenantName: string | null;
}

/** The Corporation column of a log, only for those who see every corporation's records. */
export function corporationColumn<T extends TenantRecord>(acrossTenants: boolean): GridColumn<T>[] {
  return acrossTenants ? [{ key: 'tenant', header: 'Corporation', render: (row) => row.tenantName }] : [];
}
