import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import { Controller } from 'react-hook-form';
import {
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import {
  reminderTaskInputSchema,
  type ReminderTask,
  type ReminderTaskInput,
} from '@homeminder/shared/contracts/reminder-tasks';
import { taskNeedNames, taskNeeds, type TaskNeed } from '@homeminder/shared/home-plan';
import { anySeasonLabel, seasonLabel, seasonLabels, seasons } from '@homeminder/shared/seasons';
import { bindFields } from '../../../components/form/field';
import { useFocusedHeading, useFormInPlace } from '../../../components/form/form-in-place';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { SaveButton } from '../../../components/form/save-button';
import { SelectField } from '../../../components/form/select-field';
import { TableHead } from '../../../components/table-head';
import { errorMessageOf } from '../../../lib/api-error';
import { useOwnReminderTasks, useSaveOwnReminderTask, useTaskFrequencies } from '../reminder-tasks-api';
import { useRulesForm } from '../../../components/form/use-rules-form';

/** A select whose choice `none` stands for no value: null shows as it, and is sent for it. */
const nullAsChoice = (none: string) => ({
  format: (value: unknown) => (typeof value === 'string' ? value : none),
  parse: (choice: string | null) => (!choice || choice === none ? null : choice),
});

/** The Fits select's choices (docs/decisions/090); "every home" is sent as no need. */
const everyHome = 'every';
const needOptions = [
  { value: everyHome, label: 'Every home' },
  ...taskNeedNames.map((need) => ({ value: need, label: taskNeeds[need].label })),
];
const needLabel = (need: TaskNeed | null) => (need ? taskNeeds[need].label : 'Every home');

/** The Season select's choices; "any time" is sent as no season. */
const anyTime = 'any';
const seasonOptions = [
  { value: anyTime, label: anySeasonLabel },
  ...seasons.map((season) => ({ value: season, label: seasonLabels[season] })),
];

const emptyTask: ReminderTaskInput = {
  name: '',
  description: '',
  category: '',
  defaultFrequencyId: 5,
  season: null,
  needs: null,
  active: true,
};

/** The form to add a task (no `task`) or change one. */
function TaskForm({ task, onDone }: { task?: ReminderTask; onDone: () => void }) {
  const frequencies = useTaskFrequencies();
  const save = useSaveOwnReminderTask();
  const form = useRulesForm(
    reminderTaskInputSchema,
    task
      ? {
          name: task.name,
          description: task.description,
          category: task.category,
          defaultFrequencyId: task.defaultFrequencyId,
          season: task.season,
          needs: task.needs,
          active: task.active,
        }
      : emptyTask,
  );
  const { isSubmitting, isDirty } = form.formState;
  const field = bindFields(form);
  const label = task ? `Change "${task.name}"` : 'Add a task';
  const heading = useFocusedHeading();
  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    const saved = await save.mutateAsync({ id: task?.id, values });
    notifications.show({ color: 'teal', message: `"${saved.name}" saved.` });
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        <Title order={4} size="h6" ref={heading} tabIndex={-1}>
          {label}
        </Title>
        <TextInput label="Name" required {...field('name')} />
        <Textarea
          label="How to do it"
          description="Shown in the reminder email."
          required
          autosize
          minRows={2}
          {...field('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput label="Category" required {...field('category')} />
          <SelectField
            control={form.control}
            name="defaultFrequencyId"
            label="How often"
            data={(frequencies.data ?? []).map((frequency) => ({
              value: String(frequency.id),
              label: frequency.name,
            }))}
            format={(value) => (typeof value === 'number' ? String(value) : null)}
            parse={(choice) => (choice ? Number(choice) : undefined)}
            allowDeselect={false}
            error={frequencies.isError ? errorMessageOf(frequencies.error) : undefined}
          />
          <SelectField
            control={form.control}
            name="season"
            label="Season"
            data={seasonOptions}
            {...nullAsChoice(anyTime)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <SelectField
          control={form.control}
          name="needs"
          label="Fits"
          description="A home's plan offers it only where the home has this; homes nothing is known of keep it as today."
          data={needOptions}
          {...nullAsChoice(everyHome)}
          allowDeselect={false}
          maw={420}
        />
        {task ? (
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch
                label="Offered when clients are set up"
                checked={field.value ?? true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        ) : null}
        <ServerErrorAlert error={failure} title="The task was not saved" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <SaveButton saving={isSubmitting} changed={isDirty || !task}>
            {task ? 'Save the task' : 'Add the task'}
          </SaveButton>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Your own reminder tasks" on the Manage Account page (docs/decisions/058): the corporation's
 * tasks beside the shared catalogue, listed, added and changed by its administrators.
 */
export function OwnReminderTasks({ canManage }: { canManage: boolean }) {
  const tasks = useOwnReminderTasks();
  /** The task being changed, "new" while one is added, or null. */
  const { opened: editing, open: setEditing, close, focusRef } = useFormInPlace<ReminderTask | 'new'>();
  if (!canManage) return null;
  const items = tasks.data?.items ?? [];
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="own-reminder-tasks-title"
      ref={focusRef}
      tabIndex={-1}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} size="h5" id="own-reminder-tasks-title">
            Your own reminder tasks
          </Title>
          {editing ? null : (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              variant="light"
              onClick={() => setEditing('new')}
            >
              Add a task
            </Button>
          )}
        </Group>
        <Text size="sm" c="gray.7">
          Tasks your company offers besides the shared catalogue. A task with a season is sent only in the
          months of that season where the home is.
        </Text>
        {tasks.isError ? <ServerErrorAlert error={tasks.error} title="Your tasks cannot be shown" /> : null}
        {items.length === 0 && !tasks.isPending ? (
          <Text size="sm" c="dimmed">
            No tasks of your own yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label="Your own reminder tasks">
              <TableHead columns={['Name', 'Category', 'How often', 'Season', 'Fits']} actions />
              <Table.Tbody>
                {items.map((task) => (
                  <Table.Tr key={task.id}>
                    <Table.Td>
                      {task.name}{' '}
                      {task.active ? null : (
                        <Badge color="gray" variant="light" size="sm">
                          Not offered
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{task.category}</Table.Td>
                    <Table.Td>{task.defaultFrequencyName}</Table.Td>
                    <Table.Td>{seasonLabel(task.season)}</Table.Td>
                    <Table.Td>{needLabel(task.needs)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconPencil size={14} aria-hidden />}
                        aria-label={`Change ${task.name}`}
                        onClick={() => setEditing(task)}
                      >
                        Change
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {editing ? (
          <TaskForm
            key={editing === 'new' ? 'new' : editing.id}
            task={editing === 'new' ? undefined : editing}
            onDone={close}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
