import '@mantine/core/styles/ThemeIcon.css';
import { Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';

/** No rows: none yet (set up the first client), or none that match (clear the filters). */
export function ClientsEmpty({
  filtered,
  onClear,
  onNew,
}: {
  filtered: boolean;
  onClear: () => void;
  onNew: () => void;
}) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={420}>
        <ThemeIcon variant="light" size={48} radius="xl">
          <IconUsersGroup size={26} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>{filtered ? 'No clients match' : 'No clients yet'}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {filtered
            ? 'Nothing matches this search and these filters. Try other words, or show every client.'
            : 'Set up your first client with their property and the reminders it needs.'}
        </Text>
        {filtered ? (
          <Button variant="light" onClick={onClear}>
            Clear filters
          </Button>
        ) : (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
            New client
          </Button>
        )}
      </Stack>
    </Center>
  );
}
