import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Pagination,
  Paper,
  NativeSelect,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowsSort,
  IconFileDownload,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconUsersGroup,
} from '@tabler/icons-react';
import type {
  ClientGridRow,
  ClientSortColumn,
  ClientStatusFilter,
} from '@homeminder/shared/contracts/clients';
import { nextReminderText } from '@homeminder/shared/due-date';
import { formatNumber } from '@homeminder/shared/format';
import { errorMessageOf } from '../../lib/api-error';
import { useCorporationTimeZone } from '../../lib/corporation-time-zone';
import {
  exportClientsCsv,
  useClientGrid,
  useClientHeaders,
  useIsCorporationWide,
  usePendingCount,
  usePropertyCounts,
  useRealtors,
} from './api';
import { showClientDetail, showNewClient } from './client-flyouts';
import { CompanyGate } from './company-gate';
import { StatusBadge } from './components/status-badge';
import { unsubscribedCell } from './unsubscribed';
import {
  defaultGridState,
  gridQueryOf,
  gridStateToParams,
  nextSort,
  pageSizeChoices,
  parseGridState,
  rowsPerPage,
  updateGridState,
  type GridState,
} from './grid-state';
import { LoadError } from '../../components/errors/load-error';
import { EmailText } from '../../components/email-text';

/** The realtor filter's first choice: no realtor filter. */
const allRealtors = 'all';

const statusOptions: Array<{ value: ClientStatusFilter; label: string }> = [
  { value: 'all', label: 'All statuses' },
  { value: 'enabled', label: 'Enabled' },
  { value: 'noReminders', label: 'No reminders' },
  { value: 'pending', label: 'Pending' },
  { value: 'disabled', label: 'Disabled' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
];

const pageSizeOptions = pageSizeChoices.map((choice) => ({
  value: choice,
  label: choice === 'all' ? 'All (up to 200)' : `${choice} per page`,
}));

/** The grid state in the address bar, and a way to change it. */
function useGridState(): [GridState, (change: Partial<GridState>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseGridState(params), [params]);
  const apply = (change: Partial<GridState>, options: { replace?: boolean } = {}) => {
    const next = gridStateToParams(updateGridState(state, change));
    // The operator's chosen company stays in the address while the grid changes.
    const company = params.get('company');
    if (company) next.set('company', company);
    setParams(next, { replace: options.replace ?? false });
  };
  return [state, apply];
}

/** Client Account Information; the operator first chooses the company (docs/decisions/051). */
export function Component() {
  return (
    <CompanyGate>
      <ClientAccounts />
    </CompanyGate>
  );
}

/** Counts, then the server-paged grid of clients and their properties. */
function ClientAccounts() {
  const [state, apply] = useGridState();
  const headers = useClientHeaders();
  const query = useMemo(() => gridQueryOf(state), [state]);
  // Rendered as a transition rather than in one long task as the page of rows arrives.
  const grid = useDeferredValue(useClientGrid(query));
  const corporationWide = useIsCorporationWide();
  // Read as the screen first renders: found only in an effect, it would render the whole screen
  // again at once on a phone.
  const isMobile = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const [exporting, setExporting] = useState(false);

  const total = grid.data?.totalItemCount ?? 0;
  const perPage = rowsPerPage(state);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const filtered = state.search !== '' || state.status !== 'all' || state.realtorId !== null;

  // A page past the end (rows were removed, or an old link): go to the last page there is.
  useEffect(() => {
    if (grid.data && !grid.isPlaceholderData && total > 0 && state.page > pages)
      apply({ page: pages }, { replace: true });
  });

  async function exportCsv() {
    setExporting(true);
    try {
      await exportClientsCsv({ ...query, page: 1 }, headers);
    } catch (error) {
      notifications.show({ color: 'red', title: 'The export failed', message: errorMessageOf(error) });
    } finally {
      setExporting(false);
    }
  }

  const open = (row: ClientGridRow) =>
    showClientDetail({ clientId: row.clientId, propertyId: row.propertyId, rowId: row.rowId, query });

  return (
    <Stack gap="lg">
      <Counts status={state.status} onStatus={(status) => apply({ status })} />

      <Paper withBorder p="md">
        <Stack gap="md">
          <Toolbar state={state} apply={apply} corporationWide={corporationWide}>
            <Button
              variant="default"
              leftSection={<IconFileDownload size={16} aria-hidden />}
              loading={exporting}
              onClick={() => void exportCsv()}
            >
              Export CSV
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={showNewClient}>
              New client
            </Button>
          </Toolbar>

          {grid.isError && !grid.data ? (
            <LoadError title="The clients could not be loaded" error={grid.error} onRetry={grid.refetch} />
          ) : grid.isPending ? (
            <GridSkeleton rows={Math.min(perPage, 10)} />
          ) : total === 0 ? (
            <EmptyState
              filtered={filtered}
              onClear={() => apply({ ...defaultGridState, pageSize: state.pageSize })}
            />
          ) : (
            <Box
              aria-busy={grid.isFetching}
              style={{ opacity: grid.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              {isMobile ? (
                <ClientCards rows={grid.data.items} onOpen={open} />
              ) : (
                <ClientTable
                  rows={grid.data.items}
                  state={state}
                  apply={apply}
                  corporationWide={corporationWide}
                  onOpen={open}
                />
              )}
            </Box>
          )}

          {grid.isError && grid.data ? <LoadError error={grid.error} onRetry={grid.refetch} /> : null}

          {total > 0 ? (
            <Group justify="space-between" gap="sm">
              <Group gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {formatNumber((state.page - 1) * perPage + 1)}–
                  {formatNumber(Math.min(state.page * perPage, total))} of {formatNumber(total)}
                </Text>
                <NativeSelect
                  aria-label="Rows per page"
                  data={
                    // A size a link asked for shows as chosen, not as the first offered one.
                    pageSizeOptions.some((option) => option.value === state.pageSize)
                      ? pageSizeOptions
                      : [...pageSizeOptions, { value: state.pageSize, label: `${state.pageSize} per page` }]
                  }
                  value={state.pageSize}
                  onChange={(event) => {
                    const pageSize = pageSizeChoices.find((choice) => choice === event.currentTarget.value);
                    if (pageSize) apply({ pageSize });
                  }}
                  w={160}
                  size="xs"
                />
              </Group>
              {pages > 1 ? (
                <Pagination
                  total={pages}
                  value={Math.min(state.page, pages)}
                  onChange={(page) => apply({ page })}
                  size="sm"
                  siblings={isMobile ? 0 : 1}
                  boundaries={1}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                />
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}

// ─── Counts ──────────────────────────────────────────────────────────────────────────────────────

function Counts({
  status,
  onStatus,
}: {
  status: ClientStatusFilter;
  onStatus: (status: ClientStatusFilter) => void;
}) {
  const counts = usePropertyCounts();
  const pending = usePendingCount();
  const data = counts.data;
  const tiles: Array<{
    key: string;
    label: string;
    value: ReactNode;
    hint: string;
    filter?: ClientStatusFilter;
    color: string;
  }> = [
    {
      key: 'count',
      label: 'Properties',
      value: data?.count,
      hint: 'all of your clients’ homes',
      filter: 'all',
      color: 'blue',
    },
    {
      key: 'enabled',
      label: 'Enabled',
      value: data?.enabled,
      hint: 'getting reminders',
      filter: 'enabled',
      color: 'teal',
    },
    {
      key: 'noReminders',
      label: 'No reminders',
      value: data?.noReminders,
      hint: 'enabled, no reminder chosen',
      filter: 'noReminders',
      color: 'orange',
    },
    {
      key: 'pending',
      label: 'Pending',
      value: pending.data?.count,
      hint: 'waiting to be confirmed',
      filter: 'pending',
      color: 'yellow',
    },
    {
      key: 'disabled',
      label: 'Disabled',
      value: data?.disabled,
      hint: 'reminders paused',
      filter: 'disabled',
      color: 'gray',
    },
    {
      key: 'unsubscribed',
      label: 'Unsubscribed',
      value: data?.unsubscribed,
      hint: 'client asked to stop reminders',
      filter: 'unsubscribed',
      color: 'red',
    },
    {
      key: 'licenses',
      label: 'Licenses free',
      value: data ? data.licensesFree : undefined,
      hint: data ? `of ${formatNumber(data.licensed)} in your company` : 'in your company',
      color: data && data.licensesFree === 0 ? 'red' : 'indigo',
    },
  ];
  if (counts.isError) {
    return <LoadError title="The counts could not be loaded" error={counts.error} onRetry={counts.refetch} />;
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
      {tiles.map((tile) => {
        const body = (
          <Paper
            withBorder
            p="sm"
            h="100%"
            style={
              tile.filter && status === tile.filter && tile.filter !== 'all'
                ? {
                    borderColor: `var(--mantine-color-${tile.color}-6)`,
                    boxShadow: `inset 0 0 0 1px var(--mantine-color-${tile.color}-6)`,
                  }
                : undefined
            }
          >
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {tile.label}
            </Text>
            {tile.value === undefined ? (
              <Skeleton h={30} w={60} my={2} />
            ) : (
              <Text fz={26} fw={700} lh={1.3} c={tile.color === 'red' ? 'red.9' : undefined}>
                {typeof tile.value === 'number' ? formatNumber(tile.value) : tile.value}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {tile.hint}
            </Text>
          </Paper>
        );
        return tile.filter ? (
          <UnstyledButton
            key={tile.key}
            onClick={() => onStatus(tile.filter!)}
            aria-pressed={status === tile.filter}
            aria-label={`${tile.label}: ${typeof tile.value === 'number' ? tile.value : '…'}. Show ${tile.filter === 'all' ? 'all properties' : `${tile.label.toLowerCase()} properties`}`}
          >
            {body}
          </UnstyledButton>
        ) : (
          <Box
            key={tile.key}
            role="status"
            aria-label={`${tile.label}: ${typeof tile.value === 'number' ? tile.value : '…'}`}
          >
            {body}
          </Box>
        );
      })}
    </SimpleGrid>
  );
}

// ─── Toolbar ─────────────────────────────────────────────────────────────────────────────────────

function Toolbar({
  state,
  apply,
  corporationWide,
  children,
}: {
  state: GridState;
  apply: (change: Partial<GridState>, options?: { replace?: boolean }) => void;
  corporationWide: boolean;
  children: ReactNode;
}) {
  const [search, setSearch] = useState(state.search);
  const [debounced] = useDebouncedValue(search, 350);
  const realtors = useRealtors();

  useEffect(() => {
    if (debounced.trim() !== state.search) apply({ search: debounced.trim() }, { replace: true });
    // Only a settled change of the typed text moves the grid.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // The address bar changed by other means (back button, "Clear filters"): show its search.
  const [shownSearch, setShownSearch] = useState(state.search);
  if (shownSearch !== state.search) {
    setShownSearch(state.search);
    if (debounced.trim() === search.trim() && search.trim() !== state.search) setSearch(state.search);
  }

  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group align="flex-end" gap="sm" style={{ flex: '1 1 420px' }}>
        <TextInput
          label="Search"
          placeholder="Name, email or address"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          flex={{ base: '1 1 100%', xs: '1 1 220px' }}
          type="search"
        />
        {/* The browser's own list for the short, fixed choices: the phone's picker on a phone. */}
        <NativeSelect
          label="Status"
          data={statusOptions}
          value={state.status}
          onChange={(event) => {
            const status = statusOptions.find((option) => option.value === event.currentTarget.value);
            if (status) apply({ status: status.value });
          }}
          // On a phone the filters share one row, so the Realtor filter of those who see every
          // realtor's clients takes half of it rather than adding a row.
          flex={{ base: '1 1 0', xs: 'none' }}
          miw={0}
          w={{ xs: 160 }}
        />
        {corporationWide ? (
          <Select
            label="Realtor"
            data={[
              { value: allRealtors, label: 'All realtors' },
              ...(realtors.data ?? []).map((realtor) => ({
                value: realtor.id,
                label: `${realtor.firstName} ${realtor.lastName}`,
              })),
            ]}
            value={state.realtorId ?? allRealtors}
            onChange={(value) => apply({ realtorId: !value || value === allRealtors ? null : value })}
            allowDeselect={false}
            searchable
            nothingFoundMessage="No realtor of that name"
            flex={{ base: '1 1 0', xs: 'none' }}
            miw={0}
            w={{ xs: 200 }}
          />
        ) : null}
      </Group>
      <Group gap="sm">{children}</Group>
    </Group>
  );
}

// ─── Rows ────────────────────────────────────────────────────────────────────────────────────────

function SortHeader({
  label,
  column,
  state,
  apply,
}: {
  label: string;
  column: ClientSortColumn;
  state: GridState;
  apply: (change: Partial<GridState>) => void;
}) {
  const active = state.sort?.column === column ? state.sort.dir : null;
  const Icon = active === 'asc' ? IconSortAscending : active === 'desc' ? IconSortDescending : IconArrowsSort;
  return (
    <Table.Th aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton onClick={() => apply({ sort: nextSort(state.sort, column) })} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.45 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The row's next reminder: its date in the corporation's zone when it will be sent, else the state
 * that stops it (paused, pending, unsubscribed, no reminders), never a date that will not be sent.
 */
function NextDue({ row, timeZone }: { row: ClientGridRow; timeZone: string | undefined }) {
  if (row.unsubscribedAt) {
    const cell = unsubscribedCell(row.unsubscribedAt, timeZone);
    return (
      <Stack gap={0}>
        <Text size="sm" c="red.9" fw={500}>
          {cell.title}
        </Text>
        <Text size="xs" c="dimmed">
          {cell.hint}
        </Text>
      </Stack>
    );
  }
  if (row.status !== 'enabled' || !row.nextDueAt)
    return (
      <Text size="sm" c={row.status === 'noReminders' ? '#9a3412' : 'dimmed'}>
        {nextReminderText(row, timeZone ?? '')}
      </Text>
    );
  if (!timeZone) return <Skeleton h={16} w={80} aria-label="Loading the date" />;
  return (
    <Stack gap={0}>
      <Text size="sm" ff="monospace">
        {nextReminderText(row, timeZone)}
      </Text>
      <Text size="xs" c="dimmed">
        {row.subscriptionCount} reminder{row.subscriptionCount === 1 ? '' : 's'}
      </Text>
    </Stack>
  );
}

function ClientTable({
  rows,
  state,
  apply,
  corporationWide,
  onOpen,
}: {
  rows: ClientGridRow[];
  state: GridState;
  apply: (change: Partial<GridState>) => void;
  corporationWide: boolean;
  onOpen: (row: ClientGridRow) => void;
}) {
  const timeZone = useCorporationTimeZone();
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table highlightOnHover verticalSpacing="sm" aria-label="Clients">
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Client" column="clientName" state={state} apply={apply} />
            <SortHeader label="Email" column="email" state={state} apply={apply} />
            <SortHeader label="Property" column="address" state={state} apply={apply} />
            {corporationWide ? (
              <SortHeader label="Realtor" column="realtorName" state={state} apply={apply} />
            ) : null}
            <SortHeader label="Next reminder" column="nextDueAt" state={state} apply={apply} />
            <SortHeader label="Status" column="status" state={state} apply={apply} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.rowId} onClick={() => onOpen(row)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  size="sm"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(row);
                  }}
                >
                  {row.firstName} {row.lastName}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <EmailText email={row.email} />
                </Text>
              </Table.Td>
              <Table.Td>
                {row.addressLine ? (
                  <>
                    <Text size="sm">{row.addressLine}</Text>
                    <Text size="xs" c="dimmed">
                      {row.city}, {row.state} {row.zip}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    No property
                  </Text>
                )}
              </Table.Td>
              {corporationWide ? (
                <Table.Td>
                  <Text size="sm" c={row.realtorName ? undefined : 'dimmed'}>
                    {row.realtorName ?? 'None'}
                  </Text>
                </Table.Td>
              ) : null}
              <Table.Td>
                <NextDue row={row} timeZone={timeZone} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ClientCards({ rows, onOpen }: { rows: ClientGridRow[]; onOpen: (row: ClientGridRow) => void }) {
  const timeZone = useCorporationTimeZone();
  return (
    <Stack gap="xs" role="list" aria-label="Clients">
      {rows.map((row) => (
        <Paper key={row.rowId} withBorder p="sm" role="listitem">
          <UnstyledButton
            onClick={() => onOpen(row)}
            w="100%"
            aria-label={`${row.firstName} ${row.lastName}`}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" c="blue.8">
                  {row.firstName} {row.lastName}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {row.email}
                </Text>
                <Text size="sm">{row.addressLine ?? 'No property'}</Text>
                {row.addressLine ? (
                  <Text size="xs" c="dimmed">
                    {row.city}, {row.state} {row.zip}
                  </Text>
                ) : null}
                <Text size="xs" c={row.unsubscribedAt ? 'red.9' : 'dimmed'}>
                  {row.unsubscribedAt
                    ? `${unsubscribedCell(row.unsubscribedAt, timeZone).title} · ${unsubscribedCell(row.unsubscribedAt, timeZone).hint}`
                    : row.status === 'enabled' && row.nextDueAt
                      ? timeZone
                        ? `Next reminder ${nextReminderText(row, timeZone)} · ${row.subscriptionCount} in all`
                        : `${row.subscriptionCount} reminders`
                      : nextReminderText(row, timeZone ?? '')}
                </Text>
              </Stack>
              <Box style={{ flexShrink: 0 }}>
                <StatusBadge status={row.status} />
              </Box>
            </Group>
          </UnstyledButton>
        </Paper>
      ))}
    </Stack>
  );
}

function GridSkeleton({ rows }: { rows: number }) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label="Loading the clients">
      <Skeleton h={28} />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} h={44} />
      ))}
    </Stack>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={420}>
        <ThemeIcon variant="light" size={48} radius="xl">
          <IconUsersGroup size={26} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>{filtered ? 'No clients match' : 'No clients yet'}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {filtered
            ? 'Nothing matches this search and these filters. Try other words, or show every client.'
            : 'Set up your first client with their property and the reminders it needs.'}
        </Text>
        {filtered ? (
          <Button variant="light" onClick={onClear}>
            Clear filters
          </Button>
        ) : (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={showNewClient}>
            New client
          </Button>
        )}
      </Stack>
    </Center>
  );
}
