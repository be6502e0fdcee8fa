import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone, IconUser } from '@tabler/icons-react';
import type { ClientDetail } from '@homeminder/shared/contracts/clients';
import { formatPhone } from '@homeminder/shared/format';

/** The top of a client's details: their name, whether they can sign in, and how to reach them. */
export function ClientHeader({ client, name }: { client: ClientDetail; name: string }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} size="h3">
          {name}
        </Title>
        <Badge
          variant="light"
          color={client.registered ? 'teal' : 'gray'}
          c={client.registered ? '#065f46' : 'gray.8'}
        >
          {client.registered ? 'Has a sign-in' : 'No sign-in yet'}
        </Badge>
      </Group>
      <Group gap="lg" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <IconMail size={16} aria-hidden />
          <Anchor href={`mailto:${client.email}`} size="sm">
            {client.email}
          </Anchor>
        </Group>
        {client.phone ? (
          <Group gap={6} wrap="nowrap">
            <IconPhone size={16} aria-hidden />
            <Text size="sm">{formatPhone(client.phone)}</Text>
          </Group>
        ) : null}
        <Group gap={6} wrap="nowrap">
          <IconUser size={16} aria-hidden />
          <Text size="sm">{client.realtorName ? `Realtor: ${client.realtorName}` : 'No realtor'}</Text>
        </Group>
      </Group>
    </Stack>
  );
}
