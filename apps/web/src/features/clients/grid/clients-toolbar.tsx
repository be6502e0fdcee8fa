import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import type { ReactNode } from 'react';
import { Checkbox, Group, NativeSelect } from '@mantine/core';
import {
  clientActivityFilterLabels,
  clientAttentionFilterLabels,
  clientSystemFilterLabels,
  clientHealthFilterLabels,
  type ClientSortColumn,
  type ClientStatusFilter,
} from '@homeminder/shared/contracts/clients';
import { GridSearch, type GridSort, type GridUrlState } from '../../../components/data-grid';
import { RealtorSelect } from '../../../components/realtor-select';
import { useRealtors } from '../api';
import type { ClientGridFilter } from './client-grid-query';

/** Every status filter has its label, in the order they are offered. */
const statusLabels: Record<ClientStatusFilter, string> = {
  all: 'All statuses',
  enabled: 'Enabled',
  noReminders: 'No reminders',
  pending: 'Pending',
  disabled: 'Disabled',
  unsubscribed: 'Unsubscribed',
};

/** A filter's choices from its labels, in their order. */
const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The short, fixed filters, in the order they are offered; "all" is no filter. */
const choiceFilters: Array<{
  name: Exclude<ClientGridFilter, 'realtor'>;
  label: string;
  options: Array<{ value: string; label: string }>;
  width: number;
}> = [
  { name: 'status', label: 'Status', options: optionsOf(statusLabels), width: 160 },
  { name: 'activity', label: 'Last activity', options: optionsOf(clientActivityFilterLabels), width: 210 },
  { name: 'attention', label: 'Attention', options: optionsOf(clientAttentionFilterLabels), width: 170 },
  { name: 'systems', label: 'Systems', options: optionsOf(clientSystemFilterLabels), width: 210 },
  { name: 'health', label: 'Health', options: optionsOf(clientHealthFilterLabels), width: 170 },
];

/** Orders offered as a box to tick; the column headers sort the rest. */
const sortShortcuts: Array<{ label: string; sort: GridSort<ClientSortColumn> }> = [
  // Home's list first, newest reason first (docs/decisions/063).
  { label: 'Needs attention first', sort: { column: 'attention', dir: 'desc' } },
  // The lowest health score first (docs/decisions/095): the score shows beside each status.
  { label: 'Lowest health first', sort: { column: 'healthScore', dir: 'asc' } },
];

/** Search, status, last activity, needs attention, systems, health and (for those who see every realtor's clients) realtor, then the page's buttons. */
export function ClientsToolbar({
  grid,
  corporationWide,
  children,
}: {
  grid: GridUrlState<ClientSortColumn, ClientGridFilter>;
  corporationWide: boolean;
  children: ReactNode;
}) {
  const { state, update } = grid;
  const realtors = useRealtors();
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group align="flex-end" gap="sm" style={{ flex: '1 1 420px' }}>
        <GridSearch
          label="Search"
          placeholder="Name, email or address"
          value={state.search}
          onSearch={(search) => update({ search }, { replace: true })}
          delay={350}
          flex={{ base: '1 1 100%', xs: '1 1 220px' }}
          type="search"
        />
        {/* The browser's own list for the short, fixed choices: the phone's picker on a phone. */}
        {choiceFilters.map(({ name, label, options, width }) => (
          <NativeSelect
            key={name}
            label={label}
            data={options}
            value={state.filters[name] ?? 'all'}
            onChange={(event) => {
              const choice = options.find((option) => option.value === event.currentTarget.value);
              if (choice) update({ filters: { [name]: choice.value === 'all' ? null : choice.value } });
            }}
            // On a phone the filters go two to a row, each wide enough to read its label.
            flex={{ base: '1 1 40%', xs: 'none' }}
            miw={0}
            w={{ xs: width }}
          />
        ))}
        {corporationWide ? (
          <RealtorSelect
            realtors={realtors.data}
            value={state.filters.realtor ?? null}
            onChange={(realtor) => update({ filters: { realtor } })}
            flex={{ base: '1 1 40%', xs: 'none' }}
            miw={0}
            w={{ xs: 200 }}
          />
        ) : null}
        {sortShortcuts.map(({ label, sort }) => (
          <Checkbox
            key={sort.column}
            label={label}
            checked={state.sort?.column === sort.column}
            onChange={(event) => update({ sort: event.currentTarget.checked ? sort : null })}
            mb={8}
          />
        ))}
      </Group>
      <Group gap="sm">{children}</Group>
    </Group>
  );
}
