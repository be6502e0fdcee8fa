import {
  Form,
  Link,
  replace,
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
} from 'react-router';
import { Anchor, Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { resetPasswordSchema } from '@homeminder/shared/validation/forms';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { useSession } from '../../lib/session-store';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { usePostedRulesForm } from '../../components/form/use-posted-rules-form';
import { useLinkToken } from '../../lib/posted-form';
import type { action, ResetActionData, ResetPageData } from './reset-password-data';
import { FormHeading } from './auth-heading';
import { DoneWithoutScript, LinkProblem } from './auth-notices';

/**
 * ResetPassword: the link from the email opens this; a new strong password ends every session.
 * The server renders it with the link checked (reset-password-data.ts), and its form works as a
 * plain form post without the page's script.
 */
export function Component() {
  const { problem } = useLoaderData<ResetPageData>();
  const response = useActionData<ResetActionData>();
  // The link is used up by the change: the page says it is done rather than that the link is dead.
  if (response?.done) {
    return (
      <DoneWithoutScript title="Reset your password" note="Password changed">
        {response.done}
      </DoneWithoutScript>
    );
  }
  if (problem) {
    return (
      <LinkProblem title="Reset your password" message={problem}>
        <Button component={Link} to="/forgotpassword">
          Ask for a new link
        </Button>
      </LinkProblem>
    );
  }
  return <ResetForm response={response} />;
}

/** With the page's script, a changed password leads straight to Login, as it always has. */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  const response = await serverAction<typeof action>();
  if (!response.done) return response;
  // Every session ended with the change, this browser's too.
  useSession.getState().clearBearerToken();
  notifications.show({ color: 'teal', title: 'Password changed', message: response.done });
  return replace('/login');
}

function ResetForm({ response }: { response: ResetActionData | undefined }) {
  // The token is only for the rules: the action reads it from the address, and no field carries it.
  const token = useLinkToken();
  const { form, sending, onSubmit } = usePostedRulesForm(
    resetPasswordSchema,
    { token },
    response?.fieldErrors,
  );

  return (
    <Form method="post" onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
      <Stack>
        <FormHeading id="reset-title" title="Choose a new password">
          Your new password signs you out everywhere else.
        </FormHeading>
        <ServerErrorAlert error={response?.problem}>
          <Anchor component={Link} to="/forgotpassword" c="red.9" fw={600}>
            Ask for a new link
          </Anchor>
        </ServerErrorAlert>
        <NewPasswordFields form={form} autoFocus />
        <Button type="submit" loading={sending} fullWidth>
          Change my password
        </Button>
      </Stack>
    </Form>
  );
}
