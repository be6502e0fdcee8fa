import '@mantine/core/styles/Switch.css';
import { useState } from 'react';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailOff, IconMail, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { HomeownerHome } from '@homeminder/shared/contracts/homeowner';
import { formatDueDateInWords } from '@homeminder/shared/due-date';
import { reminderTimingWords } from '@homeminder/shared/reminder-timing';
import { emailCadenceWords } from '@homeminder/shared/email-cadence';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ChangePasswordForm } from '../../components/form/change-password-form';
import { EmailCadenceChoice, LeadDaysChoice } from '../../components/reminder-choices';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { SectionCard } from '../../components/section-card';
import {
  useChangeHomeownerPassword,
  useResubscribe,
  useSetEmailCadence,
  useSetReminderTiming,
  useSwitchHome,
  useSwitchReminder,
  useUnsubscribe,
} from './api';
import { ChangeButton } from './change-button';
import { HomeStateBadge } from './home-state';
import { homeAddress } from './my-home-page';

export const done = (message: string) => notifications.show({ color: 'teal', message, autoClose: 6000 });

/**
 * Which reminders a home gets, one switch each, and the home's pause. Turning a reminder off
 * pauses it: it keeps its schedule and can be turned back on (docs/decisions/062).
 */
export function HomePreferences({ home, timeZone }: { home: HomeownerHome; timeZone: string }) {
  const switchReminder = useSwitchReminder();
  const switchHome = useSwitchHome();
  const setTiming = useSetReminderTiming(home.id);
  const [confirmPause, setConfirmPause] = useState(false);
  const paused = home.status === 'paused';

  const setHomePaused = async (wanted: boolean) => {
    const response = await switchHome.mutateAsync({ id: home.id, paused: wanted });
    setConfirmPause(false);
    done(response.message);
  };

  return (
    <SectionCard title={homeAddress(home)} actions={<HomeStateBadge status={home.status} />}>
      <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" size="sm" fw={600} p={0} mb={4}>
          Reminders you get for this home
        </Text>
        {home.reminders.length === 0 ? (
          <Text size="sm" c="gray.7">
            No reminders yet.
          </Text>
        ) : null}
        {home.reminders.map((reminder) => (
          <Switch
            key={reminder.id}
            size="md"
            label={reminder.task}
            description={`${reminder.frequency}. Next: ${formatDueDateInWords(reminder.nextDueAt, timeZone)}`}
            checked={reminder.on}
            disabled={switchReminder.isPending && switchReminder.variables.id === reminder.id}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              switchReminder.mutate(
                { id: reminder.id, on },
                { onSuccess: (response) => done(response.message) },
              );
            }}
          />
        ))}
      </Stack>
      <ServerErrorAlert error={switchReminder.error} title="That reminder was not changed" />
      {home.status === 'pending' ? null : (
        <LeadDaysChoice
          leadDays={home.leadDays}
          legend={reminderTimingWords.legend}
          description={reminderTimingWords.description}
          change={setTiming}
        />
      )}
      {home.status === 'pending' ? (
        <Text size="sm" c="gray.7">
          Your realtor is still setting up this home; reminders start once they have.
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            {paused
              ? 'Reminders for this home are paused. Resume them to get the next ones; dates missed meanwhile are skipped.'
              : 'Going away, or selling? Pause this home and no reminders are sent for it until you resume them.'}
          </Text>
          <Group>
            {paused ? (
              <ChangeButton
                icon={IconPlayerPlay}
                loading={switchHome.isPending}
                run={() => setHomePaused(false)}
              >
                Resume reminders
              </ChangeButton>
            ) : (
              <Button
                variant="default"
                leftSection={<IconPlayerPause size={18} aria-hidden />}
                onClick={() => setConfirmPause(true)}
              >
                Pause this home
              </Button>
            )}
          </Group>
          {confirmPause ? null : <ServerErrorAlert error={switchHome.error} title="Nothing was changed" />}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirmPause}
        title="Pause reminders for this home?"
        confirmLabel="Pause this home"
        busy={switchHome.isPending}
        error={switchHome.error}
        onConfirm={() => void setHomePaused(true).catch(() => undefined)}
        onCancel={() => setConfirmPause(false)}
      >
        No reminder emails are sent for {home.addressLine} until you resume them. You can resume them here at
        any time.
      </ConfirmDialog>
    </SectionCard>
  );
}

/**
 * How often the homeowner is emailed (docs/decisions/103). It is theirs, for all their homes: it is
 * set through `home`, any of them.
 */
function EmailCadencePreference({ home }: { home: HomeownerHome }) {
  const change = useSetEmailCadence(home.id);
  return (
    <EmailCadenceChoice
      emailCadence={home.emailCadence}
      legend={emailCadenceWords.legend}
      description={emailCadenceWords.description}
      change={change}
    />
  );
}

/**
 * How often reminders are emailed, through `home` (none while the homeowner has no home); all
 * reminder emails off, and on again (decisions 028 and 043).
 */
export function EmailPreferences({
  unsubscribedAt,
  home,
}: {
  unsubscribedAt: string | null;
  home: HomeownerHome | undefined;
}) {
  const unsubscribe = useUnsubscribe();
  const resubscribe = useResubscribe();
  const [confirming, setConfirming] = useState(false);
  const stop = async () => {
    const response = await unsubscribe.mutateAsync();
    setConfirming(false);
    done(response.message);
  };
  const start = async () => done((await resubscribe.mutateAsync()).message);
  return (
    <SectionCard title="Reminder emails">
      {unsubscribedAt ? (
        <>
          <Text size="sm">You have stopped all reminder emails. Start them again to get the next ones.</Text>
          <ServerErrorAlert error={resubscribe.error} title="The emails were not started" />
          <Group>
            <ChangeButton icon={IconMail} loading={resubscribe.isPending} run={start}>
              Start reminder emails again
            </ChangeButton>
          </Group>
        </>
      ) : (
        <>
          {home ? <EmailCadencePreference home={home} /> : null}
          <Text size="sm">You can stop every reminder email here, and start them again later.</Text>
          <Group>
            <Button
              variant="default"
              color="red"
              leftSection={<IconMailOff size={18} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              Stop all reminder emails
            </Button>
          </Group>
        </>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Stop all reminder emails?"
        confirmLabel="Stop all reminder emails"
        danger
        busy={unsubscribe.isPending}
        error={unsubscribe.error}
        onConfirm={() => void stop().catch(() => undefined)}
        onCancel={() => setConfirming(false)}
      >
        You will get no reminder emails for any of your homes. You can start them again here.
      </ConfirmDialog>
    </SectionCard>
  );
}

/** A new password, with the current one; other sign-ins end. */
export function PasswordPreferences() {
  const change = useChangeHomeownerPassword();
  return (
    <SectionCard title="Password">
      <ChangePasswordForm
        change={change.mutateAsync}
        note="Changing it signs you out on your other devices."
        onChanged={done}
      />
    </SectionCard>
  );
}
