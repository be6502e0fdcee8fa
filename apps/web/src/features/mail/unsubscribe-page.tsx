import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { errorMessageOf } from '../../lib/api-error';
import { previewUnsubscribe, unsubscribe } from './api';

/**
 * Unsubscribe: the link at the foot of every reminder email opens this page. It says whose
 * reminders stop, asks to confirm, and confirms. No sign-in is needed: the signed token is the proof.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState<string | null>(null);

  const preview = useQuery({
    queryKey: ['unsubscribe-preview', token],
    queryFn: () => previewUnsubscribe(token),
    enabled: token !== '',
    retry: false,
  });
  const confirm = useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (answer) => setDone(answer.message),
  });

  const heading = (
    <Title order={1} size="h3" id="unsubscribe-title">
      Unsubscribe from reminders
    </Title>
  );

  if (!token || preview.isError) {
    return (
      <Stack aria-labelledby="unsubscribe-title">
        {heading}
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title="This link does not work">
          {token
            ? errorMessageOf(preview.error)
            : 'This page needs the unsubscribe link from a reminder email. Open the link in your most recent reminder.'}
        </Alert>
      </Stack>
    );
  }
  if (preview.isPending) {
    return (
      <Stack>
        {heading}
        <Skeleton h={80} />
      </Stack>
    );
  }

  const target = preview.data;
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
      {confirm.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
          {errorMessageOf(confirm.error)}
        </Alert>
      ) : null}
      <Button color="red" loading={confirm.isPending} onClick={() => confirm.mutate()}>
        Unsubscribe me
      </Button>
    </Stack>
  );
}
