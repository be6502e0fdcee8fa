import { Badge } from '@mantine/core';
import { clientStatusLabels, type ClientRowStatus } from '@homeminder/shared/contracts/grid-options';

const statusColors: Record<ClientRowStatus, string> = {
  enabled: 'teal',
  noReminders: 'orange',
  pending: 'yellow',
  disabled: 'gray',
  unsubscribed: 'red',
};
/** Darker text than Mantine's light badges use, for WCAG AA contrast on their pale backgrounds. */
const textColors: Record<ClientRowStatus, string> = {
  enabled: '#065f46',
  noReminders: '#9a3412',
  pending: '#6b4e00',
  disabled: 'gray.8',
  unsubscribed: 'red.9',
};

export function StatusBadge({ status }: { status: ClientRowStatus }) {
  return (
    // As wide as its word: a narrow column must not cut "Enabled" to "ENABL...".
    <Badge variant="light" color={statusColors[status]} c={textColors[status]} radius="sm" miw="max-content">
      {clientStatusLabels[status]}
    </Badge>
  );
}
