import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { CardTitle } from '../../../components/section-card';

/**
 * One numbered step of the bulk upload: its title and what it does, the step's own buttons beside
 * them, and below them its content.
 */
export function StepCard({
  title,
  description,
  status,
  actions,
  actionsAlign = 'flex-start',
  children,
}: {
  title: string;
  description: ReactNode;
  /** The description is a status that changes (read out when it does), found in tests by this id. */
  status?: string;
  actions?: ReactNode;
  actionsAlign?: 'flex-start' | 'flex-end';
  children: ReactNode;
}) {
  const heading = (
    <div>
      <CardTitle>{title}</CardTitle>
      <Text size="sm" c="dimmed" aria-live={status ? 'polite' : undefined} data-testid={status}>
        {description}
      </Text>
    </div>
  );
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        {actions ? (
          <Group justify="space-between" align={actionsAlign}>
            {heading}
            {actions}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}
