import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { z } from 'zod';
import type { LoginInput, loginSchema } from '@homeminder/shared/validation/forms';
import { forgetSessionEnded, sessionEndedNote } from '../../lib/session-ended';
import { useSession } from '../../lib/session-store';
import { useHydrated } from '../../lib/use-hydrated';
import { returnParam, safeAppPath } from '../../lib/safe-app-path';
import { login } from './api';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { lazyResolver } from '../../components/form/lazy-resolver';
import { bindFields } from '../../components/form/field';
import { FormHeading } from './auth-heading';
import { PasswordField } from '../../components/form/password-field';
import { useCheckedForm } from '../../components/form/use-checked-form';

// The rules come with the first check, not with the page: the sign-in page renders without zod.
const resolver = lazyResolver(async () => {
  const [{ zodResolver }, forms] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@homeminder/shared/validation/forms'),
  ]);
  return zodResolver(forms.loginSchema);
});

/** Logon: email and password; on success the user lands where they were going, else Home. */
export function Component() {
  const navigate = useNavigate();
  // Where a signed-out visitor was going, when the server sent them here (route-guard.ts).
  const [params] = useSearchParams();
  const returnTo = params.get(returnParam);
  // The page is prerendered: the button is busy until the app has started, so the form cannot be
  // sent half-ready, and what the browser remembers is filled in once it has.
  const hydrated = useHydrated();
  const rememberedEmail = useSession((state) => (hydrated ? state.rememberedEmail : null));
  const form = useCheckedForm<z.input<typeof loginSchema>, unknown, LoginInput>({
    resolver,
    defaultValues: { username: '', password: '', rememberMe: false },
  });
  const { isSubmitting } = form.formState;
  const field = bindFields(form);
  useEffect(() => {
    // Not over what the person typed while the app was on its way.
    if (!rememberedEmail || form.getValues('username')) return;
    form.setValue('username', rememberedEmail);
    form.setValue('rememberMe', true);
    form.setFocus('password');
  }, [rememberedEmail, form]);
  // Told once: the session ended on its own (SessionEndedWatcher), not by signing out.
  const sessionEnded = useMemo(() => (hydrated ? sessionEndedNote() : null), [hydrated]);
  useEffect(() => {
    if (hydrated) forgetSessionEnded();
  }, [hydrated]);
  useEffect(() => {
    if (hydrated && returnTo) useSession.getState().setReturnUrl(safeAppPath(returnTo));
  }, [hydrated, returnTo]);

  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    const response = await login(values);
    await useSession
      .getState()
      .setBearerToken(response.token, { rememberMe: values.rememberMe, email: values.username });
    const target = safeAppPath(useSession.getState().returnUrl);
    useSession.getState().setReturnUrl('');
    await navigate(target, { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <FormHeading id="login-title" title="Sign in">
          Welcome back. Sign in to look after your homes, or your clients' homes.
        </FormHeading>
        {sessionEnded ? (
          <Alert color="blue" title="Your session has ended" role="status">
            For your security you were signed out. Sign in again to go back to the page you were on.
            {sessionEnded === 'changes-lost' ? ' Changes you had not saved were lost.' : null}
          </Alert>
        ) : null}
        <ServerErrorAlert error={failure} title="We could not sign you in" />
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          {...field('username')}
        />
        <PasswordField label="Password" autoComplete="current-password" required {...field('password')} />
        <Group justify="space-between">
          <Checkbox label="Remember my email" {...form.register('rememberMe')} />
          <Anchor component={Link} to="/forgotpassword" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" loading={isSubmitting || !hydrated} fullWidth>
          Sign in
        </Button>
        <Text size="sm" c="gray.7" ta="center">
          New here? Read{' '}
          <Anchor component={Link} to="/howitworks">
            how HomeMinder works
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}
