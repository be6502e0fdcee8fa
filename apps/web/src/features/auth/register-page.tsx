import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import type { Invitation, InvitationSubscription, Registered } from '@homeminder/shared/contracts/account';
import { registerSchema } from '@homeminder/shared/validation/forms';
import { errorMessageOf } from '../../lib/api-error';
import { useSession } from '../../lib/session-store';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { FormFailure } from '../../components/form/form-failure';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { fetchInvitation, register } from './api';
import { AuthTitle, BackToSignIn, FormHeading, LinkCheckSkeleton } from './auth-heading';
import { useRulesForm } from '../../components/form/use-rules-form';

/**
 * Register: a client invited by their realtor opens the link from the invitation email, chooses a
 * password and the reminders to receive (docs/decisions/023).
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => fetchInvitation(token, signal),
    enabled: Boolean(token),
    staleTime: Infinity,
    retry: false,
  });

  if (!token) {
    return (
      <LinkProblem message="This page needs the link from your invitation email. Ask your realtor to invite you again if you cannot find it." />
    );
  }
  if (invitation.isPending) {
    return (
      <LinkCheckSkeleton label="Loading your invitation">
        <Skeleton h={120} />
      </LinkCheckSkeleton>
    );
  }
  if (invitation.isError) return <LinkProblem message={errorMessageOf(invitation.error)} />;
  return <RegisterForm token={token} invitation={invitation.data} />;
}

function LinkProblem({ message }: { message: string }) {
  return (
    <Stack>
      <AuthTitle>Create your sign-in</AuthTitle>
      <Alert color="yellow" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
        {message}
      </Alert>
      <BackToSignIn />
    </Stack>
  );
}

/** The subscriptions grouped by property, in the order the server gave. */
function byProperty(subscriptions: InvitationSubscription[]): [string, InvitationSubscription[]][] {
  const groups = new Map<string, InvitationSubscription[]>();
  for (const subscription of subscriptions) {
    groups.set(subscription.property, [...(groups.get(subscription.property) ?? []), subscription]);
  }
  return [...groups];
}

/** What the homeowner is told on their page once registered: the sign-in, and what will come. */
function registeredNote(answer: Registered): { title: string; message: string } {
  return {
    title: answer.message,
    message:
      answer.reminders.length > 0
        ? `These reminders will come to you by email when they fall due: ${answer.reminders.join(', ')}.`
        : 'You chose no reminders, so none will be sent. Ask your realtor if you change your mind.',
  };
}

function RegisterForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const navigate = useNavigate();
  const form = useRulesForm(registerSchema, {
    token,
    password: '',
    confirmPassword: '',
    // Every reminder the realtor set up is kept unless the client unticks it.
    subscriptionIds: invitation.subscriptions.map((subscription) => subscription.id),
  });
  const { isSubmitting } = form.formState;
  // Registering signs the homeowner in: they land on their own page, not on a sign-in form.
  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    const answer = await register(values);
    await useSession.getState().setBearerToken(answer.token, { rememberMe: false, email: invitation.email });
    notifications.show({ color: 'teal', ...registeredNote(answer) });
    await navigate('/my-home', { replace: true });
  });
  const inviter = invitation.realtorName
    ? `${invitation.realtorName} of ${invitation.corporationName}`
    : invitation.corporationName;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="register-title">
      <Stack>
        <FormHeading id="register-title" title="Create your sign-in">
          {inviter} invited you to HomeMinder. Choose a password and the reminders you want to receive.
        </FormHeading>
        <FormFailure message={failure} />
        <TextInput
          label="Name"
          value={`${invitation.firstName} ${invitation.lastName}`}
          variant="filled"
          readOnly
        />
        <TextInput label="Email" value={invitation.email} autoComplete="username" variant="filled" readOnly />
        <NewPasswordFields form={form} label="Password" autoFocus />
        <Controller
          control={form.control}
          name="subscriptionIds"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label="Reminders to receive"
              description="Untick the ones you do not want."
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            >
              {invitation.subscriptions.length === 0 ? (
                <Text size="sm" c="dimmed" mt="xs">
                  Your realtor has not set up reminders yet.
                </Text>
              ) : (
                <Stack gap="sm" mt="xs">
                  {byProperty(invitation.subscriptions).map(([property, subscriptions]) => (
                    <Paper key={property} withBorder p="sm">
                      <Text size="sm" fw={600} mb={6}>
                        {property}
                      </Text>
                      <Stack gap={6}>
                        {subscriptions.map((subscription) => (
                          <Checkbox
                            key={subscription.id}
                            value={subscription.id}
                            label={`${subscription.reminderName} (${subscription.frequencyName.toLowerCase()})`}
                          />
                        ))}
                      </Stack>
                    </Paper>
                  ))}
                </Stack>
              )}
            </Checkbox.Group>
          )}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Create my sign-in
        </Button>
      </Stack>
    </form>
  );
}
