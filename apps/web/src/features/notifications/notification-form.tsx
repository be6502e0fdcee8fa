import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  notificationInputSchema,
  notificationLimits,
  notificationSeverities,
  type Notification,
} from '@homeminder/shared/contracts/notifications';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { useSaveNotification } from './api';
import { confirmDiscard } from '../../components/form/unsaved-changes';
import { bindFields } from '../../components/form/field';
import { SelectField } from '../../components/form/select-field';
import { useRulesForm } from '../../components/form/use-rules-form';
import { instantOfWallTime, wallTimeText } from '@homeminder/shared/schedule';

export const severityLabels: Record<(typeof notificationSeverities)[number], string> = {
  info: 'Information',
  warning: 'Warning',
  critical: 'Critical',
};

/** Create or edit a message: what it says, how loud it is, when it shows. */
export function NotificationForm({
  notification,
  timeZone,
  onDone,
}: {
  notification: Notification | null;
  /** The corporation's zone: the times are edited as the screens show them (docs/decisions/074). */
  timeZone: string;
  onDone: () => void;
}) {
  const save = useSaveNotification();
  const form = useRulesForm(notificationInputSchema, {
    title: notification?.title ?? '',
    body: notification?.body ?? '',
    severity: notification?.severity ?? 'info',
    startsAt: wallTimeText(new Date(notification?.startsAt ?? new Date().toISOString()), timeZone),
    endsAt: notification?.endsAt ? wallTimeText(new Date(notification.endsAt), timeZone) : null,
  });
  const { isSubmitting } = form.formState;
  const field = bindFields(form);
  const { failure, onSubmit } = useFormSubmit(
    form,
    async (input) => {
      // The rules read a field's text in the browser's zone; the text means the corporation's.
      const inZone = (text: unknown) =>
        typeof text === 'string' ? instantOfWallTime(text, timeZone) : undefined;
      const startsAt = inZone(form.getValues('startsAt')) ?? input.startsAt;
      const endsAt = input.endsAt ? (inZone(form.getValues('endsAt')) ?? input.endsAt) : null;
      await save.mutateAsync({ id: notification?.id ?? null, input: { ...input, startsAt, endsAt } });
      onDone();
    },
    { warnUnsaved: true },
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <ServerErrorAlert error={failure} />
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
        {/* One above the other on a phone: side by side, a date and time field is cut off. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Show from"
            description={timeZone}
            type="datetime-local"
            required
            {...field('startsAt')}
          />
          <TextInput
            label="Show until (optional)"
            description={timeZone}
            type="datetime-local"
            {...field('endsAt', { setValueAs: (value: string) => value || null })}
          />
        </SimpleGrid>
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
