import { Link } from 'react-router';
import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useRouteMeta } from '../../app/layouts/root-layout';

/** The body of a screen that is on its way; the route, title and access rules already work. */
export function Component() {
  const meta = useRouteMeta();
  return (
    <Paper withBorder p="xl" maw={640}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon variant="light" size={44} radius="xl">
          <IconTools size={24} aria-hidden />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {meta?.title ?? 'This page'} is coming soon
        </Text>
        <Text c="gray.7">
          We are building this screen now. Everything else in HomeMinder is ready to use in the meantime.
        </Text>
        <Button component={Link} to="/" variant="light">
          Back to Home
        </Button>
      </Stack>
    </Paper>
  );
}
