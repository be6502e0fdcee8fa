import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { accountMessages } from '@homeminder/shared/contracts/account';
import { resetPasswordSchema } from '@homeminder/shared/validation/forms';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { useSession } from '../../lib/session-store';
import { checkResetLink, resetPassword } from './api';
import { FormFailure } from '../../components/form/form-failure';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { AuthTitle, BackToSignIn, FormHeading, LinkCheckSkeleton } from './auth-heading';
import { useRulesForm } from '../../components/form/use-rules-form';

/** ResetPassword: the link from the email opens this; a new strong password ends every session. */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const form = useRulesForm(resetPasswordSchema, { token, password: '', confirmPassword: '' });
  const { isSubmitting } = form.formState;
  // A used or expired link says so at once, before a password is typed.
  const status = useQuery({
    queryKey: ['reset-link', token],
    queryFn: ({ signal }) => checkResetLink(token, signal),
    enabled: Boolean(token),
    staleTime: Infinity,
    retry: false,
  });

  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    const answer = await resetPassword(values);
    // Every session ended with the change, this browser's too.
    useSession.getState().clearBearerToken();
    notifications.show({ color: 'teal', title: 'Password changed', message: answer.message });
    await navigate('/login', { replace: true });
  });

  if (!token || status.data?.valid === false) {
    return (
      <Stack>
        <AuthTitle>Reset your password</AuthTitle>
        <Alert color="yellow" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {token
            ? accountMessages.resetLinkInvalid
            : 'This page needs the link from your reset email. Ask for a new link if you cannot find it.'}
        </Alert>
        <Button component={Link} to="/forgotpassword">
          Ask for a new link
        </Button>
        <BackToSignIn />
      </Stack>
    );
  }

  if (status.isPending) {
    return <LinkCheckSkeleton label="Checking the link" />;
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
      <Stack>
        <FormHeading id="reset-title" title="Choose a new password">
          Your new password signs you out everywhere else.
        </FormHeading>
        <FormFailure message={failure}>
          <Anchor component={Link} to="/forgotpassword" c="red.9" fw={600}>
            Ask for a new link
          </Anchor>
        </FormFailure>
        <NewPasswordFields form={form} autoFocus />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Change my password
        </Button>
      </Stack>
    </form>
  );
}
