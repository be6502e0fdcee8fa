import type { ReactNode } from 'react';
import { Checkbox, Group, NativeSelect, Select } from '@mantine/core';
import {
  clientActivityFilterLabels,
  clientAttentionFilterLabels,
  type ClientActivityFilter,
  type ClientAttentionFilter,
  type ClientSortColumn,
  type ClientStatusFilter,
} from '@homeminder/shared/contracts/clients';
import { GridSearch, type GridUrlState } from '../../../components/data-grid';
import { useRealtors } from '../api';
import { activityOf, attentionOf, statusOf, type ClientGridFilter } from './client-grid-query';

/** The realtor filter's first choice: no realtor filter. */
const allRealtors = 'all';

/** Every status filter has its label, in the order they are offered. */
const statusLabels: Record<ClientStatusFilter, string> = {
  all: 'All statuses',
  enabled: 'Enabled',
  noReminders: 'No reminders',
  pending: 'Pending',
  disabled: 'Disabled',
  unsubscribed: 'Unsubscribed',
};
const statusOptions = (Object.keys(statusLabels) as ClientStatusFilter[]).map((value) => ({
  value,
  label: statusLabels[value],
}));

const activityOptions = (Object.keys(clientActivityFilterLabels) as ClientActivityFilter[]).map((value) => ({
  value,
  label: clientActivityFilterLabels[value],
}));

const attentionOptions = (Object.keys(clientAttentionFilterLabels) as ClientAttentionFilter[]).map(
  (value) => ({ value, label: clientAttentionFilterLabels[value] }),
);

/** Search, status, last activity, needs attention and (for those who see every realtor's clients) realtor, then the page's buttons. */
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
        <NativeSelect
          label="Status"
          data={statusOptions}
          value={statusOf(state)}
          onChange={(event) => {
            const status = statusOptions.find((option) => option.value === event.currentTarget.value);
            if (status) update({ filters: { status: status.value === 'all' ? null : status.value } });
          }}
          // On a phone the filters share one row, so the Realtor filter of those who see every
          // realtor's clients takes half of it rather than adding a row.
          flex={{ base: '1 1 0', xs: 'none' }}
          miw={0}
          w={{ xs: 160 }}
        />
        <NativeSelect
          label="Last activity"
          data={activityOptions}
          value={activityOf(state)}
          onChange={(event) => {
            const activity = activityOptions.find((option) => option.value === event.currentTarget.value);
            if (activity) update({ filters: { activity: activity.value === 'all' ? null : activity.value } });
          }}
          flex={{ base: '1 1 0', xs: 'none' }}
          miw={0}
          w={{ xs: 210 }}
        />
        <NativeSelect
          label="Attention"
          data={attentionOptions}
          value={attentionOf(state)}
          onChange={(event) => {
            const attention = attentionOptions.find((option) => option.value === event.currentTarget.value);
            if (attention)
              update({ filters: { attention: attention.value === 'all' ? null : attention.value } });
          }}
          flex={{ base: '1 1 0', xs: 'none' }}
          miw={0}
          w={{ xs: 170 }}
        />
        {/* Home's list first, newest reason first (docs/decisions/063); the column headers sort the rest. */}
        <Checkbox
          label="Needs attention first"
          checked={state.sort?.column === 'attention'}
          onChange={(event) =>
            update({ sort: event.currentTarget.checked ? { column: 'attention', dir: 'desc' } : null })
          }
          mb={8}
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
            value={state.filters.realtor ?? allRealtors}
            onChange={(value) =>
              update({ filters: { realtor: !value || value === allRealtors ? null : value } })
            }
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
