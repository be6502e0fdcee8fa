import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Brand } from '../../components/brand';

/** The card of the utility screens: access denied, errors, 404. */
export function StatusCard({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Center mih="100vh" p="md">
      <Stack w="100%" maw={520} gap="lg">
        <Center>
          <Brand />
        </Center>
        <Paper withBorder shadow="sm" p="xl">
          <Stack gap="md">
            <ThemeIcon size={48} radius="xl" variant="light">
              {icon}
            </ThemeIcon>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text component="div">{children}</Text>
            {actions}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
