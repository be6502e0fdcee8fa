import '@mantine/core/styles/EmptyState.css';
import type { ReactNode } from 'react';
import { EmptyState } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';

/** A grid's empty state with a title, a line of help and perhaps a button ("Add user"). */
export function GridEmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
}) {
  return (
    <EmptyState
      py="xl"
      icon={<IconDatabaseOff size={28} aria-hidden />}
      title={title}
      description={description}
    >
      {action}
    </EmptyState>
  );
}
