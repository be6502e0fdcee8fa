import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { Controller } from 'react-hook-form';
import { Form, replace, useActionData, useLoaderData, type ClientActionFunctionArgs } from 'react-router';
import { Button, Checkbox, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Invitation, InvitationSubscription } from '@homeminder/shared/contracts/account';
import { registerSchema } from '@homeminder/shared/validation/forms';
import { useSession } from '../../lib/session-store';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { usePostedRulesForm } from '../../components/form/use-posted-rules-form';
import { useLinkToken } from '../../lib/posted-form';
import type { action, RegisterActionData, RegisteredNote, RegisterPageData } from './register-data';
import { FormHeading } from './auth-heading';
import { DoneWithoutScript, LinkProblem } from './auth-notices';

/**
 * Register: a client invited by their realtor opens the link from the invitation email, chooses a
 * password and the reminders to receive (docs/decisions/023). The server renders it with the
 * invitation (register-data.ts), and its form works as a plain form post without the page's script.
 */
export function Component() {
  const { response: invitation, problem } = useLoaderData<RegisterPageData>();
  const response = useActionData<RegisterActionData>();
  // Registering uses the link up: the sign-in made is what the page shows from then on.
  if (response?.registered) return <RegisteredWithoutScript note={response.registered} />;
  if (!invitation) return <LinkProblem title="Create your sign-in" message={problem} />;
  return <RegisterForm invitation={invitation} response={response} />;
}

/**
 * With the page's script, registering signs the homeowner in: they land on their own page, not on
 * a sign-in form. The form goes to the server's action as the router's data request.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  const response = await serverAction<typeof action>();
  const session = response.registered?.session;
  if (!response.registered || !session) return response;
  await useSession.getState().setBearerToken(session.token, { rememberMe: false });
  notifications.show({ color: 'teal', ...registeredNote(response.registered) });
  return replace('/my-home');
}

/** What the homeowner is told once registered: the sign-in, and what will come. */
function registeredNote(response: Pick<RegisteredNote, 'message' | 'reminders'>): {
  title: string;
  message: string;
} {
  return {
    title: response.message,
    message:
      response.reminders.length > 0
        ? `These reminders will come to you by email when they fall due: ${response.reminders.join(', ')}.`
        : 'You chose no reminders, so none will be sent. Ask your realtor if you change your mind.',
  };
}

/** Registered by a plain form post: the page cannot sign in by itself, so it leads to Login. */
function RegisteredWithoutScript({ note }: { note: RegisteredNote }) {
  const { title, message } = registeredNote(note);
  return (
    <DoneWithoutScript title="Create your sign-in" note={title}>
      {message} Sign in with your email and the password you chose.
    </DoneWithoutScript>
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
  invitation,
  response,
}: {
  invitation: Invitation;
  response: RegisterActionData | undefined;
}) {
  const token = useLinkToken();
  const { form, sending, onSubmit } = usePostedRulesForm(
    registerSchema,
    {
      // Only for the rules: the action reads the token from the address, and no field carries it.
      token,
      // Every reminder the realtor set up is kept unless the client unticks it.
      subscriptionIds:
        response?.subscriptionIds ?? invitation.subscriptions.map((subscription) => subscription.id),
    },
    response?.fieldErrors,
  );
  const inviter = invitation.realtorName
    ? `${invitation.realtorName} of ${invitation.corporationName}`
    : invitation.corporationName;

  return (
    <Form method="post" onSubmit={onSubmit} noValidate aria-labelledby="register-title">
      <Stack>
        <FormHeading id="register-title" title="Create your sign-in">
          {inviter} invited you to HomeMinder. Choose a password and the reminders you want to receive.
        </FormHeading>
        <ServerErrorAlert error={response?.problem} />
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
                            name="subscriptionIds"
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
        <Button type="submit" loading={sending} fullWidth>
          Create my sign-in
        </Button>
      </Stack>
    </Form>
  );
}
