import { Button, type ButtonProps } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';

/**
 * A small button acting on one record of a list or card. It shows its icon and action word; its
 * accessible name also says which record ("Edit 12 Elm Street"), as several stand on one screen.
 */
export function RecordActionButton({
  icon: Icon,
  action,
  record,
  onClick,
  ...props
}: Omit<ButtonProps, 'children' | 'size' | 'leftSection'> & {
  icon: TablerIcon;
  action: string;
  record: string;
  onClick: () => void;
}) {
  return (
    <Button
      size="xs"
      leftSection={<Icon size={14} aria-hidden />}
      onClick={onClick}
      aria-label={`${action} ${record}`}
      {...props}
    >
      {action}
    </Button>
  );
}
