import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { changePasswordSchema, type ChangePasswordInput } from '@homeminder/shared/contracts/tenant-users';
import { bindFields } from './field';
import { NewPasswordFields } from './new-password-fields';
import { ServerErrorAlert } from './server-error-alert';
import { useFormSubmit } from './use-form-submit';
import { useRulesForm } from './use-rules-form';
import { PasswordField } from './password-field';

/**
 * "Change my password": the current password, a new one with its checklist, and every message of
 * the server's refusal when there is one. Staff and homeowners change theirs with the same form, each through
 * their own call (`change`), which returns the message to show.
 */
export function ChangePasswordForm({
  change,
  note,
  onChanged,
}: {
  change: (values: ChangePasswordInput) => Promise<{ message: string }>;
  /** What changing it does, under the form's name. */
  note: ReactNode;
  onChanged: (message: string) => void;
}) {
  const form = useRulesForm(changePasswordSchema, { currentPassword: '', password: '', confirmPassword: '' });
  const field = bindFields(form);
  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    onChanged((await change(values)).message);
    form.reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change my password">
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {note}
        </Text>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          {...field('currentPassword')}
        />
        <NewPasswordFields form={form} />
        <ServerErrorAlert error={failure} title="Your password was not changed" />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            leftSection={<IconLock size={18} aria-hidden />}
          >
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
