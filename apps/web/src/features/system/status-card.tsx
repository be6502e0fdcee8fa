import '@mantine/core/styles/ThemeIcon.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Button,
  Center,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  type ButtonVariant,
} from '@mantine/core';
import { Brand } from '../../components/brand';

/** The way out of every utility screen. */
export function HomeButton({ variant }: { variant?: ButtonVariant }) {
  return (
    <Button component={Link} to="/" variant={variant}>
      Go to Home
    </Button>
  );
}

/** The card of the utility screens: access denied, errors, 404; `actions` are its buttons. */
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
            <Group>{actions}</Group>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
