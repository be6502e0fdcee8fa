import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconListCheck } from '@tabler/icons-react';
import type { HomePlanChange, HomePlanView, PlanTaskView } from '@homeminder/shared/contracts/home-plan';
import { HomeSection, homeSectionWaiting } from '../home-section';
import { ServerErrorAlert } from '../form/server-error-alert';
import { useAsyncAction } from '../form/use-async-action';

/** A task with why it is there, what it needs of the home and when it falls due. */
function PlanTask({ task }: { task: PlanTaskView }) {
  const about = [task.because, ...task.details, task.when].filter(Boolean).join(' · ');
  return (
    <Stack gap={0} component="li">
      <Text size="sm" fw={600}>
        {task.name}
      </Text>
      {about ? (
        <Text size="sm" c="gray.7">
          {about}
        </Text>
      ) : null}
    </Stack>
  );
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** The tasks the plan's change would add, or turn off, under their heading; nothing when none. */
function PlanChangeList({
  heading,
  label,
  tasks,
}: {
  heading: string;
  label: string;
  tasks: readonly PlanTaskView[];
}) {
  if (tasks.length === 0) return null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {heading}
      </Text>
      <Stack gap={8} component="ul" style={listStyle} aria-label={label}>
        {tasks.map((task) => (
          <PlanTask key={task.reminderId} task={task} />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * A home's plan where people look after it (docs/decisions/090): the tasks that fit the home, each
 * saying why, and what its answers would add or turn off, for the person to confirm. `audience`
 * words it for the homeowner or for staff; the calls are the caller's.
 */
export function HomePlanCard({
  plan,
  apply,
  audience,
  headingOrder,
}: {
  plan: { data?: HomePlanView; isPending: boolean; error: unknown; refetch: () => unknown };
  apply: (change: HomePlanChange) => Promise<{ message: string }>;
  audience: 'homeowner' | 'staff';
  headingOrder: 3 | 4;
}) {
  const { busy, failure, run } = useAsyncAction();
  const title = audience === 'homeowner' ? "Your home's plan" : "The home's plan";
  const waiting = homeSectionWaiting(plan, title);
  if (waiting || !plan.data) return waiting;
  const { fits, add, stop } = plan.data;
  const changes = add.length + stop.length;
  const proposed = new Set(add.map((task) => task.reminderId));
  const sent = fits.filter((task) => task.subscribed);
  const others = fits.filter((task) => !task.subscribed && !proposed.has(task.reminderId));

  const confirm = () =>
    run(async () => {
      const applied = await apply({
        add: add.map((task) => task.reminderId),
        stop: stop.map((task) => task.reminderId),
      });
      notifications.show({ color: 'teal', message: applied.message });
    });

  return (
    <HomeSection icon={IconListCheck} title={title} order={headingOrder}>
      {changes > 0 ? (
        <Alert
          color="blue"
          variant="light"
          title={
            audience === 'homeowner' ? 'Your answers change your plan' : "The answers change the home's plan"
          }
        >
          <Stack gap="sm">
            <PlanChangeList heading="Add" label="Reminders to add" tasks={add} />
            <PlanChangeList heading="Turn off" label="Reminders to turn off" tasks={stop} />
            <Text size="sm">Reminders turned off keep their history, and can be turned on again.</Text>
            <ServerErrorAlert error={failure} title="The plan was not changed" />
            <Group>
              <Button loading={busy} onClick={() => void confirm()}>
                {audience === 'homeowner' ? 'Update my plan' : 'Update the plan'}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {sent.length === 0 ? (
        <Text size="sm">
          {audience === 'homeowner'
            ? 'You get no reminders for this home yet.'
            : 'The home gets no reminders yet.'}
        </Text>
      ) : (
        <Paper withBorder p="sm" radius="md">
          <Stack gap={10} component="ul" style={listStyle} aria-label="Reminders that fit the home">
            {sent.map((task) => (
              <PlanTask key={task.reminderId} task={task} />
            ))}
          </Stack>
        </Paper>
      )}
      {others.length > 0 ? (
        <Text size="sm" c="gray.7">
          Also fits the home, not among {audience === 'homeowner' ? 'your' : 'its'} reminders:{' '}
          {others.map((task) => task.name).join(', ')}.
        </Text>
      ) : null}
      <Text size="sm" c="gray.7">
        <strong>Climate:</strong> {plan.data.climate}
      </Text>
      <Text size="xs" c="gray.7">
        {audience === 'homeowner'
          ? 'Made from what you told us about your home and its systems. "Not sure" never removes a reminder.'
          : 'Made from the home\'s answers and systems. "Not sure" never removes a reminder.'}
      </Text>
    </HomeSection>
  );
}
