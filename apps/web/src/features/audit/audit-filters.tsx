import '@mantine/core/styles/Combobox.css';
import type { ChangeEvent } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { auditActionCodes, auditActionLabel } from '@homeminder/shared/audit-labels';
import { instantOfWallTime } from '@homeminder/shared/schedule';
import { GridSearch, type GridConfig, type GridFilter, type GridUrlState } from '../../components/data-grid';
import { useAuditPeople } from './api';

export type AuditFilter = 'person' | 'action' | 'record' | 'from' | 'to';

/** A calendar day, as a date field gives it: `2026-11-28`. */
const dayFilter: GridFilter = {
  parse: (value) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null),
};
const kept: GridFilter = { parse: (value) => value?.trim() || null };

/** 25 entries a page, newest first; `?person=…&action=client.updated&record=maple&from=2026-11-01`. */
export const auditGridConfig: GridConfig<never, AuditFilter> = {
  sizes: ['25'],
  sortColumns: [],
  filters: { person: kept, action: kept, record: kept, from: dayFilter, to: dayFilter },
};

const actionOptions = [
  { value: '', label: 'All actions' },
  ...auditActionCodes
    .map((code) => ({ value: code, label: auditActionLabel(code) }))
    .sort((a, b) => a.label.localeCompare(b.label)),
];

/** The day after a calendar day, as text. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The query's moments for the date filters: from the start of the first day to the end of the
 * last, in the corporation's zone, as the log's times are shown.
 */
export function auditDates(filters: Record<AuditFilter, string | null>, timeZone: string | undefined) {
  if (!timeZone) return {};
  const from = filters.from ? instantOfWallTime(`${filters.from}T00:00`, timeZone) : undefined;
  const to = filters.to ? instantOfWallTime(`${nextDay(filters.to)}T00:00`, timeZone) : undefined;
  return { ...(from && { from: from.toISOString() }), ...(to && { to: to.toISOString() }) };
}

/** A filter field's room: half the row on a phone, its own width from `xs` up. */
const sized = (width: number) =>
  ({ flex: { base: '1 1 40%', xs: 'none' }, miw: 0, w: { xs: width } }) as const;

/** Person, action, record and dates; each in the address, so a link shows the same entries. */
export function AuditFilters({
  grid,
  acrossTenants,
}: {
  grid: GridUrlState<never, AuditFilter>;
  acrossTenants: boolean;
}) {
  const { state, update } = grid;
  const people = useAuditPeople();
  const set = (name: AuditFilter, value: string | null) =>
    update({ filters: { [name]: value || null } }, { replace: name === 'record' });
  const filtered = Object.values(state.filters).some((value) => value !== null);
  /** A date field, which cannot pass the other: the first day is never after the last. */
  const dayField = (name: 'from' | 'to') => ({
    type: 'date',
    value: state.filters[name] ?? '',
    ...(name === 'from' ? { max: state.filters.to ?? undefined } : { min: state.filters.from ?? undefined }),
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.currentTarget.value),
    ...sized(145),
  });

  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Person"
        data={[
          { value: '', label: 'Everyone' },
          ...(people.data?.items ?? []).map((person) => ({
            value: person.id,
            label: acrossTenants ? `${person.name} (${person.corporationName})` : person.name,
          })),
        ]}
        value={state.filters.person ?? ''}
        onChange={(value) => set('person', value)}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No one of that name"
        {...sized(acrossTenants ? 240 : 190)}
      />
      <Select
        label="Action"
        data={actionOptions}
        value={state.filters.action ?? ''}
        onChange={(value) => set('action', value)}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No action of that name"
        {...sized(210)}
      />
      <GridSearch
        label="Record"
        placeholder="Name or id"
        value={state.filters.record ?? ''}
        onSearch={(text) => set('record', text)}
        delay={350}
        flex={{ base: '1 1 100%', xs: '1 1 150px' }}
        maxLength={100}
        type="search"
      />
      <TextInput label="From" {...dayField('from')} />
      <TextInput label="To" {...dayField('to')} />
      {filtered ? (
        <Button
          variant="subtle"
          onClick={() =>
            update({ filters: { person: null, action: null, record: null, from: null, to: null } })
          }
        >
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
