import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import {
  notificationInputSchema,
  notificationLimits,
  notificationSeverities,
  type Notification,
} from '@homeminder/shared/contracts/notifications';
import { FormFailure } from '../../components/form/form-failure';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { useSaveNotification } from './api';
import { confirmDiscard } from '../../components/form/unsaved-changes';
import { bindFields } from '../../components/form/field';
import { SelectField } from '../../components/form/select-field';
import { useRulesForm } from '../../components/form/use-rules-form';

/** The value of a datetime-local input, in the browser's time zone, for an ISO instant. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export const severityLabels: Record<(typeof notificationSeverities)[number], string> = {
  info: 'Information',
  warning: 'Warning',
  critical: 'Critical',
};

/** Create or edit a message: what it says, how loud it is, when it shows. */
export function NotificationForm({
  notification,
  onDone,
}: {
  notification: Notification | null;
  onDone: () => void;
}) {
  const save = useSaveNotification();
  const form = useRulesForm(notificationInputSchema, {
    title: notification?.title ?? '',
    body: notification?.body ?? '',
    severity: notification?.severity ?? 'info',
    startsAt: toLocalInput(notification?.startsAt ?? new Date().toISOString()),
    endsAt: toLocalInput(notification?.endsAt) || null,
  });
  const { isSubmitting } = form.formState;
  const field = bindFields(form);
  const { failure, onSubmit } = useFormSubmit(
    form,
    async (input) => {
      await save.mutateAsync({ id: notification?.id ?? null, input });
      onDone();
    },
    { warnUnsaved: true },
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormFailure message={failure} />
        <TextInput label="Title" required maxLength={notificationLimits.title} {...field('title')} />
        <Textarea
          label="Message"
          required
          autosize
          minRows={3}
          maxLength={notificationLimits.body}
          {...field('body')}
        />
        <SelectField
          control={form.control}
          name="severity"
          label="Importance"
          data={notificationSeverities.map((value) => ({ value, label: severityLabels[value] }))}
          allowDeselect={false}
        />
        <Group grow align="flex-start">
          <TextInput label="Show from" type="datetime-local" required {...field('startsAt')} />
          <TextInput
            label="Show until (optional)"
            type="datetime-local"
            {...field('endsAt', { setValueAs: (value: string) => value || null })}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => confirmDiscard(onDone)}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {notification ? 'Save changes' : 'Create message'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
