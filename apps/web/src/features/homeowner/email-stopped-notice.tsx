import { Alert, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailCheck, IconMailOff } from '@tabler/icons-react';
import type { HomeownerOverview } from '@homeminder/shared/contracts/homeowner';
import { formatDueDateInWords } from '@homeminder/shared/due-date';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { useConfirmEmail } from './api';
import { ChangeButton } from './change-button';

/**
 * Our emails stopped reaching the homeowner (docs/decisions/101): their mail server refused them, or
 * one was marked as spam. They say whether the address is right, and mail goes to it again.
 */
export function EmailStoppedNotice({
  email,
  stopped,
  timeZone,
}: {
  email: string;
  stopped: HomeownerOverview['emailStopped'];
  timeZone: string;
}) {
  const confirm = useConfirmEmail();
  if (!stopped) return null;
  const day = formatDueDateInWords(stopped.since, timeZone);
  const bounced = stopped.reason === 'bounce';
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconMailOff size={18} aria-hidden />}
      title={bounced ? `Our emails to ${email} are not arriving` : `We stopped emailing ${email}`}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {bounced
            ? `Since ${day} your mail server has refused them, so we stopped sending reminders. If this address is right, tell us and we will try it again. If it has changed, ask your realtor to correct it.`
            : `On ${day} one of our emails was marked as spam, so we send you none. If you want our emails again, tell us here.`}
        </Text>
        <ServerErrorAlert error={confirm.error} title="That did not work" />
        <Group>
          <ChangeButton
            icon={IconMailCheck}
            loading={confirm.isPending}
            run={async () =>
              notifications.show({
                color: 'teal',
                message: (await confirm.mutateAsync()).message,
                autoClose: 6000,
              })
            }
          >
            {bounced ? 'This address is right' : 'Email me again'}
          </ChangeButton>
        </Group>
      </Stack>
    </Alert>
  );
}
