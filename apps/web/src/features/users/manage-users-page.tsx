import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifications } from '@mantine/notifications';
import { Anchor, Button, Group, Menu, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconPencil, IconUserPlus, IconUserShare } from '@tabler/icons-react';
import {
  tenantUserSortColumns,
  type StatusFilter,
  type TenantUser,
} from '@homeminder/shared/contracts/admin';
import { Privilege } from '@homeminder/shared/permissions';
import { errorMessageOf } from '../../lib/api-error';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { useCorporations } from '../../lib/corporations';
import { useImpersonationCheck, useSetTenantUsersEnabled, useTenantUsers } from './api';
import { ActAsDialog } from './components/act-as-dialog';
import { RoleBadge, StatusBadge } from '../../components/badges';
import {
  GridEmptyState,
  SelectionBar,
  SelectionResult,
  useGridSelection,
  choiceFilter,
  pagingRequest,
  textFilter,
  useGridUrlState,
  type GridColumn,
} from '../../components/data-grid';
import {
  AdminDataGrid,
  AdminSearch,
  actionsColumn,
  StatusFilterControl,
  adminGridConfig,
  statusFilter,
} from '../../components/admin-grid';
import { EnableMenuItem, EnableSelectionActions } from '../../components/enable-toggle';
import { EnableUserDialog } from './components/enable-user-dialog';
import { useStaffTimes } from '../../lib/corporation-time-zone';
import { TimeZoneNote } from '../../components/time-zone-note';

const gridConfig = adminGridConfig(tenantUserSortColumns, 'lastName', {
  status: statusFilter,
  view: choiceFilter(['realtors']),
  company: textFilter,
});

/** The corporations filter of the operator's administrators, who see every corporation's users. */
function CorporationFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const corporations = useCorporations({ pageSize: 'all', sorting: [{ propertyName: 'name', dir: 'asc' }] });
  return (
    <Select
      aria-label="Company"
      placeholder={corporations.isPending ? 'Loading companies…' : 'All companies'}
      searchable
      clearable
      w={{ base: '100%', sm: 240 }}
      nothingFoundMessage="No company matches"
      data={(corporations.data?.items ?? []).map((corporation) => ({
        value: corporation.id,
        label: corporation.name,
      }))}
      value={value}
      onChange={onChange}
    />
  );
}

/** Manage Users (/adm/manage-users): the corporation's users, or its realtors only, server-paged. */
export function Component() {
  const acrossTenants = useSession((state) => hasAnyPrivilege([Privilege.ActAcrossTenants], state));
  const canManage = useSession((state) =>
    hasAnyPrivilege([Privilege.AdminCanManageCorporation, Privilege.AddCorporateAccounts], state),
  );
  const me = useSession((state) => state.userID);
  const times = useStaffTimes();
  const grid = useGridUrlState(gridConfig, { replace: true });
  const { state } = grid;
  const status = (state.filters.status ?? 'all') as StatusFilter;
  const realtorsOnly = state.filters.view === 'realtors';
  const corporation = state.filters.company;
  const users = useTenantUsers(
    { ...pagingRequest(state), status, ...(corporation ? { tenantId: corporation } : {}) },
    { realtorsOnly },
  );
  const [pending, setPending] = useState<TenantUser | null>(null);
  // One corporation's users at a time: the operator chooses the corporation before selecting.
  const selectable = canManage && (!acrossTenants || Boolean(corporation));
  const selection = useGridSelection<TenantUser>(
    (row) => row.id,
    JSON.stringify([state, realtorsOnly]),
    (row) => `${row.firstName} ${row.lastName}`,
  );
  const switchUsers = useSetTenantUsersEnabled();
  const [result, setResult] = useState<string | null>(null);
  const ownTenant = useSession((session) => session.tenantID);
  const selectedTenant = corporation ?? ownTenant;
  const switchSelected = (action: 'enable' | 'disable') =>
    selectedTenant &&
    switchUsers.mutate(
      { action, tenantId: selectedTenant, userIds: selection.ids },
      {
        onSuccess: (response) => {
          selection.clear();
          setResult(response.message);
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Nothing was changed', message: errorMessageOf(error) }),
      },
    );
  const [actingAs, setActingAs] = useState<TenantUser | null>(null);
  // Offered when the server allows this user to act as others; the server still checks each one.
  const mayActAs = useImpersonationCheck().data?.allowed === true;
  const filtered = Boolean(state.search || status !== 'all' || corporation);
  // Adding from a list filtered by one corporation adds to that corporation.
  const addUserPath = `${realtorsOnly ? '/admin/add/add-realtors' : '/adm/add/users'}${corporation ? `?company=${encodeURIComponent(corporation)}` : ''}`;

  const columns: GridColumn<TenantUser>[] = [
    {
      key: 'lastName',
      header: 'Name',
      sortable: true,
      render: (row) => (
        <Anchor component={Link} to={`/adm/edit/user/${row.id}`} fw={600}>
          {row.lastName}, {row.firstName}
        </Anchor>
      ),
    },
    { key: 'email', header: 'Email', sortable: true, render: (row) => <Text size="sm">{row.email}</Text> },
    { key: 'role', header: 'Role', sortable: true, render: (row) => <RoleBadge role={row.role} /> },
    ...(acrossTenants
      ? [
          {
            key: 'companyName',
            header: 'Company',
            sortable: true,
            render: (row: TenantUser) => row.companyName,
          },
        ]
      : []),
    {
      key: 'enabled',
      header: 'Status',
      sortable: true,
      render: (row) => <StatusBadge enabled={row.enabled} />,
    },
    {
      key: 'lastLoginAt',
      header: 'Last sign-in',
      sortable: true,
      render: (row) =>
        row.lastLoginAt ? (
          times.dateTime(row.lastLoginAt)
        ) : (
          <Text size="sm" c="gray.7">
            Never
          </Text>
        ),
    },
    actionsColumn(
      (row) => `${row.firstName} ${row.lastName}`,
      (row) => (
        <>
          <Menu.Item
            component={Link}
            to={`/adm/edit/user/${row.id}`}
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            {canManage ? 'Edit' : 'View'}
          </Menu.Item>
          {canManage && row.id !== me ? (
            <EnableMenuItem enabled={row.enabled} onClick={() => setPending(row)} />
          ) : null}
          {mayActAs && row.enabled && row.id !== me ? (
            <Menu.Item leftSection={<IconUserShare size={16} aria-hidden />} onClick={() => setActingAs(row)}>
              Act as {row.firstName}
            </Menu.Item>
          ) : null}
        </>
      ),
    ),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
        <Group gap="sm" wrap="wrap" style={{ flex: 1 }}>
          <AdminSearch grid={grid} label="Search users" placeholder="Search by name, email or phone" />
          {acrossTenants ? (
            <CorporationFilter
              value={corporation}
              onChange={(value) => grid.update({ filters: { company: value } })}
            />
          ) : null}
        </Group>
        {canManage ? (
          <Button component={Link} to={addUserPath} leftSection={<IconUserPlus size={18} aria-hidden />}>
            {realtorsOnly ? 'Add realtor' : 'Add user'}
          </Button>
        ) : null}
      </Group>
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Which users"
          data={[
            { value: 'all', label: 'All users' },
            { value: 'realtors', label: 'Realtors' },
          ]}
          value={realtorsOnly ? 'realtors' : 'all'}
          onChange={(value) => grid.update({ filters: { view: value === 'realtors' ? 'realtors' : null } })}
        />
        <StatusFilterControl grid={grid} />
        <TimeZoneNote timeZone={times.timeZone} />
      </Group>
      <SelectionResult message={result} onClose={() => setResult(null)} />
      {selectable ? (
        <SelectionBar
          selection={selection}
          rows={users.data?.items ?? []}
          total={users.data?.totalItemCount ?? 0}
          noun={realtorsOnly ? 'realtor' : 'user'}
        >
          <EnableSelectionActions
            busy={(action) => switchUsers.isPending && switchUsers.variables.action === action}
            onSwitch={switchSelected}
          />
        </SelectionBar>
      ) : null}
      <AdminDataGrid
        selection={selectable ? selection.grid : undefined}
        label={realtorsOnly ? 'Realtors' : 'Users'}
        noun={realtorsOnly ? 'realtors' : 'users'}
        columns={columns}
        query={users}
        grid={grid}
        minWidth={acrossTenants ? 940 : 820}
        empty={
          <GridEmptyState
            title={filtered ? 'No user matches' : realtorsOnly ? 'No realtors yet' : 'No users yet'}
            description={filtered ? 'Try another search or filter.' : 'Users you add appear here.'}
            action={
              !filtered && canManage ? (
                <Button component={Link} to={addUserPath} variant="light" mt="sm">
                  {realtorsOnly ? 'Add realtor' : 'Add user'}
                </Button>
              ) : null
            }
          />
        }
      />
      <EnableUserDialog target={pending} onClose={() => setPending(null)} />
      <ActAsDialog user={actingAs} onClose={() => setActingAs(null)} />
    </Stack>
  );
}
