import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { UnsubscribeActionData, UnsubscribePageData } from './unsubscribe-data';
import { ServerErrorAlert } from '../../components/form/server-error-alert';

/**
 * Unsubscribe: the link at the foot of every reminder email opens this page. It says whose
 * reminders stop, asks to confirm, and confirms. No sign-in is needed: the signed token is the proof.
 * The server renders it with whose reminders they are (unsubscribe-data.ts), and its button works
 * as a plain form post without the page's script.
 */
export function Component() {
  const { response: target, problem } = useLoaderData<UnsubscribePageData>();
  const confirmed = useActionData<UnsubscribeActionData>();
  const sending = useNavigation().state === 'submitting';
  const done = confirmed?.done;

  const heading = (
    <Title order={1} size="h3" id="unsubscribe-title">
      Unsubscribe from reminders
    </Title>
  );

  if (!target) {
    return (
      <Stack aria-labelledby="unsubscribe-title">
        {heading}
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title="This link does not work">
          {problem}
        </Alert>
      </Stack>
    );
  }

  if (done || target.alreadyUnsubscribed) {
    return (
      <Stack>
        {heading}
        <Alert
          color="teal"
          icon={<IconCircleCheck size={18} aria-hidden />}
          title="Unsubscribed"
          role="status"
        >
          {done ??
            `${target.clientName} (${target.emailAddress}) is already unsubscribed: no more reminder emails will be sent.`}
        </Alert>
        <Text size="sm" c="gray.7">
          Changed your mind? Ask your realtor at {target.corporationName} to start your reminders again.
        </Text>
      </Stack>
    );
  }

  return (
    <Stack>
      {heading}
      <Text>
        Stop every maintenance reminder email for <strong>{target.clientName}</strong> ({target.emailAddress})
        from <strong>{target.corporationName}</strong>?
      </Text>
      <Text size="sm" c="gray.7">
        {target.reminderCount === 1
          ? 'One reminder is set up for you; it will stop.'
          : `${target.reminderCount} reminders are set up for you; all of them will stop.`}
      </Text>
      <ServerErrorAlert error={confirmed?.problem} />
      <Form method="post">
        <Button type="submit" color="red" loading={sending}>
          Unsubscribe me
        </Button>
      </Form>
    </Stack>
  );
}
