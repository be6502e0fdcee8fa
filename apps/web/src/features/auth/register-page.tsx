import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, Group, List, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { Invitation, InvitationSubscription, Registered } from '@homeminder/shared/contracts/account';
import { registerSchema } from '@homeminder/shared/validation/forms';
import { errorMessageOf } from '../../lib/api-error';
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
  const [registered, setRegistered] = useState<Registered | null>(null);
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => fetchInvitation(token, signal),
    enabled: Boolean(token) && !registered,
    staleTime: Infinity,
    retry: false,
  });

  if (registered) return <RegisteredView answer={registered} />;
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
  return <RegisterForm token={token} invitation={invitation.data} onRegistered={setRegistered} />;
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

function RegisteredView({ answer }: { answer: Registered }) {
  return (
    <Stack>
      <AuthTitle>Welcome to HomeMinder</AuthTitle>
      <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
        {answer.message}
      </Alert>
      {answer.reminders.length > 0 ? (
        <div>
          <Text size="sm">These reminders will come to you by email when they fall due:</Text>
          <List size="sm" mt={4} aria-label="Your reminders">
            {answer.reminders.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        </div>
      ) : (
        <Text size="sm">
          You chose no reminders, so none will be sent. Ask your realtor if you change your mind.
        </Text>
      )}
      <Text size="sm">
        Sign in to see your coming reminders and your realtor, add them to your calendar, and choose which
        reminders you get.
      </Text>
      <Group>
        <Button component={Link} to="/login">
          Sign in
        </Button>
      </Group>
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

function RegisterForm({
  token,
  invitation,
  onRegistered,
}: {
  token: string;
  invitation: Invitation;
  onRegistered: (answer: Registered) => void;
}) {
  const form = useRulesForm(registerSchema, {
    token,
    password: '',
    confirmPassword: '',
    // Every reminder the realtor set up is kept unless the client unticks it.
    subscriptionIds: invitation.subscriptions.map((subscription) => subscription.id),
  });
  const { isSubmitting } = form.formState;
  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    onRegistered(await register(values));
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
