import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Progress.css';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Anchor, Button, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { IconBuildingPlus, IconEye, IconSettings } from '@tabler/icons-react';
import {
  corporationSortColumns,
  type CorporationListItem,
  type StatusFilter,
} from '@homeminder/shared/contracts/admin';
import { formatNumber } from '@homeminder/shared/format';
import { Privilege } from '@homeminder/shared/permissions';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { useCorporations } from '../../lib/corporations';
import { StatusBadge } from '../../components/badges';
import { SiteNameLine } from './components/corporation-header';
import { GridEmptyState, pagingRequest, useGridUrlState, type GridColumn } from '../../components/data-grid';
import {
  AdminDataGrid,
  AdminSearch,
  actionsColumn,
  StatusFilterControl,
  adminGridConfig,
  statusFilter,
} from '../../components/admin-grid';
import { EnableMenuItem } from '../../components/enable-toggle';
import { EnableCorporationDialog } from './components/enable-corporation-dialog';
import { useStaffTimes } from '../../lib/corporation-time-zone';

const gridConfig = adminGridConfig(corporationSortColumns, 'name', { status: statusFilter });

function LicenseUse({ used, licensed }: { used: number; licensed: number }) {
  const share = licensed > 0 ? Math.min(100, (used / licensed) * 100) : used > 0 ? 100 : 0;
  return (
    <Stack gap={4} miw={110}>
      <Text size="sm">
        {formatNumber(used)} / {formatNumber(licensed)}
      </Text>
      <Progress
        value={share}
        size="sm"
        color={share >= 100 ? 'red' : share >= 80 ? 'yellow' : 'teal'}
        aria-hidden
      />
    </Stack>
  );
}

/**
 * Manage Accounts (/adm/manage-act): the corporations, for the operator's administrators. Other
 * staff manage their own corporation, so they go straight to it.
 */
export function Component() {
  const canList = useSession((state) => hasAnyPrivilege([Privilege.AddCorporateAccounts], state));
  const ownTenant = useSession((state) => state.tenantID);
  const times = useStaffTimes();
  const grid = useGridUrlState(gridConfig, { replace: true });
  const { state } = grid;
  const status = (state.filters.status ?? 'all') as StatusFilter;
  const corporations = useCorporations({ ...pagingRequest(state), status }, { enabled: canList });
  const [pending, setPending] = useState<CorporationListItem | null>(null);

  if (!canList) return ownTenant ? <Navigate to={`/adm/manage/${ownTenant}`} replace /> : null;

  const columns: GridColumn<CorporationListItem>[] = [
    {
      key: 'name',
      header: 'Company',
      sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/adm/view/user/${row.id}`} fw={600}>
            {row.name}
          </Anchor>
          <SiteNameLine corporation={row} size="xs" />
        </Stack>
      ),
    },
    {
      key: 'enabled',
      header: 'Status',
      sortable: true,
      render: (row) => <StatusBadge enabled={row.enabled} />,
    },
    {
      key: 'city',
      header: 'Location',
      sortable: true,
      render: (row) =>
        row.city ? `${row.city}${row.state ? `, ${row.state}` : ''}` : <Text c="gray.7">—</Text>,
    },
    {
      key: 'usedLicenses',
      header: 'Licenses used',
      sortable: true,
      render: (row) => <LicenseUse used={row.usedLicenses} licensed={row.licensedProperties} />,
    },
    {
      key: 'userCount',
      header: 'Users',
      sortable: true,
      align: 'right',
      render: (row) => formatNumber(row.userCount),
    },
    { key: 'createdAt', header: 'Added', sortable: true, render: (row) => times.date(row.createdAt) },
    actionsColumn(
      (row) => row.name,
      (row) => (
        <>
          <Menu.Item
            component={Link}
            to={`/adm/view/user/${row.id}`}
            leftSection={<IconEye size={16} aria-hidden />}
          >
            View account
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={`/adm/manage/${row.id}`}
            leftSection={<IconSettings size={16} aria-hidden />}
          >
            Manage settings
          </Menu.Item>
          <Menu.Divider />
          <EnableMenuItem enabled={row.enabled} onClick={() => setPending(row)} />
        </>
      ),
    ),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap" style={{ flex: 1 }}>
          <AdminSearch
            grid={grid}
            label="Search companies"
            placeholder="Search by name, site, city or email"
          />
          <StatusFilterControl grid={grid} />
        </Group>
        <Button component={Link} to="/adm/add/corp" leftSection={<IconBuildingPlus size={18} aria-hidden />}>
          Add corporation
        </Button>
      </Group>
      <AdminDataGrid
        label="Corporations"
        noun="companies"
        columns={columns}
        query={corporations}
        grid={grid}
        minWidth={720}
        empty={
          <GridEmptyState
            title={state.search || status !== 'all' ? 'No company matches' : 'No corporations yet'}
            description={
              state.search || status !== 'all'
                ? 'Try another search or status.'
                : 'Add the first corporate account to start sending reminders.'
            }
            action={
              state.search || status !== 'all' ? null : (
                <Button component={Link} to="/adm/add/corp" variant="light" mt="sm">
                  Add corporation
                </Button>
              )
            }
          />
        }
      />
      <EnableCorporationDialog target={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
