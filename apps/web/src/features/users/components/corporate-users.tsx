import { Link } from 'react-router';
import { Anchor, Button } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import {
  tenantUserSortColumns,
  type CorporationDetails,
  type TenantUser,
} from '@homeminder/shared/contracts/admin';
import {
  GridEmptyState,
  pagingRequest,
  useGridUrlState,
  type GridColumn,
} from '../../../components/data-grid';
import { AdminDataGrid, adminGridConfig } from '../../../components/admin-grid';
import { RoleBadge, StatusBadge } from '../../../components/badges';
import { SectionCard } from '../../../components/section-card';
import { useTenantUsers } from '../api';

const gridConfig = adminGridConfig(tenantUserSortColumns, 'lastName');

/** The users of one corporation, on its View Corporate Account page, with the way to manage them. */
export function CorporateUsers({ corporation }: { corporation: Pick<CorporationDetails, 'id' | 'name'> }) {
  const grid = useGridUrlState(gridConfig, { replace: true });
  const users = useTenantUsers({ ...pagingRequest(grid.state), tenantId: corporation.id });
  const columns: GridColumn<TenantUser>[] = [
    {
      key: 'lastName',
      header: 'Name',
      sortable: true,
      render: (row) => (
        <Anchor component={Link} to={`/adm/edit/user/${row.id}`}>
          {row.firstName} {row.lastName}
        </Anchor>
      ),
    },
    { key: 'email', header: 'Email', sortable: true, render: (row) => row.email },
    { key: 'role', header: 'Role', sortable: true, render: (row) => <RoleBadge role={row.role} /> },
    {
      key: 'enabled',
      header: 'Status',
      sortable: true,
      render: (row) => <StatusBadge enabled={row.enabled} />,
    },
  ];
  return (
    <SectionCard
      title="Corporate users"
      actions={
        <Button
          component={Link}
          to={`/adm/manage-users?company=${corporation.id}`}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconUsers size={16} aria-hidden />}
        >
          Manage users
        </Button>
      }
    >
      <AdminDataGrid
        label={`Users of ${corporation.name}`}
        noun="users"
        columns={columns}
        query={users}
        grid={grid}
        minWidth={560}
        empty={<GridEmptyState title="No users yet" description="The users of this company appear here." />}
      />
    </SectionCard>
  );
}
