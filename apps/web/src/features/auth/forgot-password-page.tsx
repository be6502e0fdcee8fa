import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import type { ForgotPasswordInput } from '@homeminder/shared/validation/forms';
import { requestPasswordReset } from './api';
import { useHydrated } from '../../lib/use-hydrated';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { lazyResolver } from '../../components/form/lazy-resolver';
import { bindFields } from '../../components/form/field';
import { AuthTitle, BackToSignIn, FormHeading } from './auth-heading';
import { useCheckedForm } from '../../components/form/use-checked-form';

// As on the sign-in page, zod's rules come with the first check.
const resolver = lazyResolver(async () => {
  const [{ zodResolver }, forms] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@homeminder/shared/validation/forms'),
  ]);
  return zodResolver(forms.forgotPasswordSchema);
});

/** Forgot password: asks for the email and sends a reset link (the same response for any address). */
export function Component() {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useCheckedForm<ForgotPasswordInput>({
    resolver,
    defaultValues: { email: '' },
  });
  const { isSubmitting } = form.formState;
  const field = bindFields(form);
  // Prerendered: busy until the app has started, so the form cannot be sent half-ready.
  const hydrated = useHydrated();

  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    setSentMessage((await requestPasswordReset(values)).message);
  });

  if (sentMessage) {
    return (
      <Stack>
        <AuthTitle>Check your email</AuthTitle>
        <Alert color="teal" icon={<IconMailCheck size={18} aria-hidden />} role="status">
          {sentMessage}
        </Alert>
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="forgot-title">
      <Stack>
        <FormHeading id="forgot-title" title="Forgot your password?">
          Enter the email you sign in with and we will send you a link to choose a new password.
        </FormHeading>
        <ServerErrorAlert error={failure} />
        <TextInput label="Email" type="email" autoComplete="email" required autoFocus {...field('email')} />
        <Button type="submit" loading={isSubmitting || !hydrated} fullWidth>
          Send the reset link
        </Button>
        <BackToSignIn />
      </Stack>
    </form>
  );
}
