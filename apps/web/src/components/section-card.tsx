import type { ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';

/** The heading of a card on a screen: an h2, sized to sit under the page's own title. */
export function CardTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Title order={2} size="h4" id={id}>
      {children}
    </Title>
  );
}

/** A titled card of a screen, with the card's own buttons (`actions`) beside its title. */
export function SectionCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <CardTitle>{title}</CardTitle>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
