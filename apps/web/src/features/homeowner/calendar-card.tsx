import { useState } from 'react';
import { Button, CopyButton, Group, List, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarPlus, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { CardTitle } from '../../components/section-card';
import { useNewCalendarAddress } from './api';
import { ChangeButton } from './change-button';

/**
 * The private address of the homeowner's calendar feed. The server keeps only a hash of it, so the
 * address shows once, when it is made; making a new one stops the old one working.
 */
export function CalendarCard({ hasFeed }: { hasFeed: boolean }) {
  const make = useNewCalendarAddress();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const create = async () => {
    const response = await make.mutateAsync();
    setUrl(response.url);
    setConfirming(false);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <CardTitle>Add your reminders to your calendar</CardTitle>
        <Text size="sm">
          Your calendar can show every reminder of the next 12 months, with how to do it. Copy your private
          calendar address and add it in your calendar program.
        </Text>
        {url ? (
          <>
            <TextInput
              label="Your private calendar address"
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'teal' : 'blue'}
                  leftSection={
                    copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />
                  }
                >
                  {copied ? 'Copied' : 'Copy the address'}
                </Button>
              )}
            </CopyButton>
            <List size="sm" spacing={4}>
              <List.Item>Google Calendar: Other calendars, +, From URL, then paste.</List.Item>
              <List.Item>Apple Calendar: File, New Calendar Subscription, then paste.</List.Item>
              <List.Item>Outlook: Add calendar, Subscribe from web, then paste.</List.Item>
            </List>
            <Text size="sm" c="gray.7">
              Keep this address to yourself: anyone who has it can see your reminders. We show it only now.
            </Text>
          </>
        ) : hasFeed ? (
          <Text size="sm" c="gray.7">
            You made a calendar address before. For your safety we do not show it again. If you need it again,
            or think someone else has it, make a new one: the old one then stops working.
          </Text>
        ) : null}
        <ServerErrorAlert error={confirming ? null : make.error} />
        <Group>
          {hasFeed || url ? (
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              Make a new address
            </Button>
          ) : (
            <ChangeButton icon={IconCalendarPlus} loading={make.isPending} run={create}>
              Get my calendar address
            </ChangeButton>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Make a new calendar address?"
        confirmLabel="Make a new address"
        busy={make.isPending}
        error={make.error}
        onConfirm={() => void create().catch(() => undefined)}
        onCancel={() => setConfirming(false)}
      >
        Calendars that use your old address stop getting your reminders. Add the new address to them instead.
      </ConfirmDialog>
    </Paper>
  );
}
