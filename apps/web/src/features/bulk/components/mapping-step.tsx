import '@mantine/core/styles/Combobox.css';
import { useMemo } from 'react';
import { Alert, Button, Group, List, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  bulkColumnLabels,
  bulkColumns,
  unmappedRequired,
  type BulkColumn,
  type ColumnMapping,
} from '@homeminder/shared/bulk-columns';
import { bulkMessages, requiredBulkFields } from '@homeminder/shared/contracts/bulk';
import type { RealtorOption } from '@homeminder/shared/contracts/clients';
import { formatCount } from '@homeminder/shared/format';
import { RealtorSelect } from '../../../components/realtor-select';
import { rowIdColumn, rowsOf, zipRepairsOf, type ParsedSheet, type ZipRepair } from '../bulk-csv';
import { addRowsLabel } from '../bulk-text';

const notMapped = 'none';

/** A parsed file's columns mapped to client fields, a realtor for rows without one, and the send. */
export function MappingStep({
  sheet,
  mapping,
  remembered,
  sent,
  realtors,
  defaultRealtorId,
  onChange,
  onDefaultRealtor,
  onSend,
  onCancel,
}: {
  sheet: ParsedSheet;
  mapping: ColumnMapping;
  remembered: boolean;
  /** Rows of this file already in the queue: their columns can no longer change. */
  sent: number;
  realtors: RealtorOption[] | undefined;
  defaultRealtorId: string | null;
  onChange: (mapping: ColumnMapping) => void;
  onDefaultRealtor: (realtorId: string | null) => void;
  onSend: () => void;
  onCancel: () => void;
}) {
  const options = [
    { value: notMapped, label: '(leave empty)' },
    ...sheet.headers.map((header, index) => ({
      value: String(index),
      label: header || `Column ${index + 1}`,
    })),
  ];
  const missing = unmappedRequired(mapping);
  // Blank lines are not sent, so they are not counted.
  const rows = useMemo(() => rowsOf(sheet, mapping), [sheet, mapping]);
  const rowCount = rows.length;
  const zipRepairs = useMemo(() => zipRepairsOf(rows), [rows]);
  const sample = (column: BulkColumn) => {
    const index = mapping[column];
    return index === null ? '' : (sheet.rows[0]?.[index] ?? '');
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        <b>{sheet.fileName}</b>: {formatCount(rowCount, 'row')}. Choose the column that holds each client
        field; the first line’s value is shown under each choice.
        {remembered ? ' The columns are those chosen for your last file with these headers.' : ''}
      </Text>
      {rowIdColumn(sheet.headers) !== null ? (
        <Text size="sm" c="dimmed">
          This file has a Row ID column: its rows replace the queued rows they were downloaded from.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        {bulkColumns.map((column) => (
          <Select
            key={column}
            label={bulkColumnLabels[column]}
            withAsterisk={requiredBulkFields.some((field) => field === column)}
            data={options}
            value={mapping[column] === null ? notMapped : String(mapping[column])}
            onChange={(value) =>
              onChange({ ...mapping, [column]: value === null || value === notMapped ? null : Number(value) })
            }
            allowDeselect={false}
            disabled={sent > 0}
            description={sample(column) || '—'}
          />
        ))}
      </SimpleGrid>
      <RealtorSelect
        label="Realtor for rows without one"
        noneLabel="No realtor"
        description={
          mapping.realtorEmail === null
            ? 'No column holds the realtor: every row of this file gets this one.'
            : 'Given to the rows whose Realtor cell is empty.'
        }
        realtors={realtors?.filter((realtor) => realtor.enabled)}
        value={defaultRealtorId}
        onChange={onDefaultRealtor}
        disabled={sent > 0}
        maw={{ base: '100%', xs: 360 }}
      />
      {zipRepairs.length > 0 ? <ZipRepairsNote repairs={zipRepairs} /> : null}
      {sent > 0 ? (
        <Text size="sm" c="dimmed">
          The columns stay as they are: the first rows of this file are already in the queue.
        </Text>
      ) : null}
      {missing.length > 0 ? (
        <Alert color="yellow" role="status">
          {bulkMessages.columnsMissing(missing.map((field) => bulkColumnLabels[field]))}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={onSend} disabled={missing.length > 0}>
          {addRowsLabel(rowCount, sent)}
        </Button>
        <Button variant="default" onClick={onCancel}>
          Choose another file
        </Button>
      </Group>
    </Stack>
  );
}

/** The most ZIPs listed one by one before the rest are counted. */
const zipRepairsListed = 5;

/** Which lines' ZIPs are read with the leading 0 a spreadsheet program dropped, before adding them. */
function ZipRepairsNote({ repairs }: { repairs: readonly ZipRepair[] }) {
  const more = repairs.length - zipRepairsListed;
  return (
    <Alert color="blue" role="status" data-testid="zip-repairs">
      <Text size="sm">{bulkMessages.zipsRepaired(repairs.length)}</Text>
      <List size="sm" mt={4}>
        {repairs.slice(0, zipRepairsListed).map((repair) => (
          <List.Item key={repair.line}>
            Line {repair.line}: {bulkMessages.zipReadAs(repair.typed, repair.read)}
          </List.Item>
        ))}
      </List>
      {more > 0 ? (
        <Text size="sm" mt={4}>
          and {formatCount(more, 'more line')}.
        </Text>
      ) : null}
    </Alert>
  );
}
