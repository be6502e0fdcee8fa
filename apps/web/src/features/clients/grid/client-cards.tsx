import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { formatCount } from '@homeminder/shared/format';
import { Checkbox, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { selectionMessages } from '@homeminder/shared/selection-words';
import type { GridSelection } from '../../../components/data-grid';
import type { ClientGridRow } from '@homeminder/shared/contracts/clients';
import { formatDueDate, nextReminderText } from '@homeminder/shared/due-date';
import { StatusBadge } from '../components/status-badge';
import { unsubscribedCell } from '../unsubscribed';
import { HealthBadge } from '../../../components/home-health/health-badge';

/**
 * The client grid on a phone: one card a row, the card opening the client and, with a selection,
 * a checkbox beside it.
 */
export function ClientCards({
  rows,
  timeZone,
  onOpen,
  selection,
}: {
  rows: ClientGridRow[];
  timeZone: string | undefined;
  onOpen: (row: ClientGridRow) => void;
  selection?: GridSelection<ClientGridRow>;
}) {
  return (
    <Stack gap="xs" role="list" aria-label="Clients">
      {rows.map((row) => (
        <Paper
          key={row.rowId}
          withBorder
          p="sm"
          role="listitem"
          bg={selection?.isSelected(row) ? 'blue.0' : undefined}
        >
          <Group wrap="nowrap" align="flex-start" gap="sm">
            {selection ? (
              <Checkbox
                mt={2}
                aria-label={selectionMessages.selectRow(selection.rowLabel(row))}
                checked={selection.isSelected(row)}
                onChange={() => selection.onToggle(row)}
              />
            ) : null}
            <UnstyledButton
              onClick={() => onOpen(row)}
              w="100%"
              style={{ minWidth: 0 }}
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
                          : formatCount(row.subscriptionCount, 'reminder')
                        : nextReminderText(row, timeZone ?? '')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Last activity:{' '}
                    {row.lastActivityAt
                      ? timeZone
                        ? formatDueDate(row.lastActivityAt, timeZone)
                        : '…'
                      : 'never'}
                  </Text>
                </Stack>
                <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
                  <StatusBadge status={row.status} />
                  {row.propertyId && row.healthScore !== null ? (
                    <HealthBadge score={row.healthScore} />
                  ) : null}
                </Stack>
              </Group>
            </UnstyledButton>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
