import { Badge } from '@mantine/core';
import type { PropertyStatus } from '@homeminder/shared/contracts/clients';

export const statusLabels: Record<PropertyStatus, string> = {
  enabled: 'Enabled',
  pending: 'Pending',
  disabled: 'Disabled',
};

const statusColors: Record<PropertyStatus, string> = { enabled: 'teal', pending: 'yellow', disabled: 'gray' };
/** Darker text than Mantine's light badges use, for WCAG AA contrast on their pale backgrounds. */
const textColors: Record<PropertyStatus, string> = {
  enabled: '#065f46',
  pending: '#6b4e00',
  disabled: 'gray.8',
};

export function StatusBadge({ status }: { status: PropertyStatus }) {
  return (
    <Badge variant="light" color={statusColors[status]} c={textColors[status]} radius="sm">
      {statusLabels[status]}
    </Badge>
  );
}
