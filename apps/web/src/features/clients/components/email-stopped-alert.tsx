import { Alert, Text } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import type { ClientDetail } from '@homeminder/shared/contracts/clients';
import { useCorporationTimeZone } from '../../../lib/corporation-time-zone';
import { emailStoppedWords } from '../email-stopped';

/** The client's address bounced or they marked an email as spam: nothing is sent to it. */
export function EmailStopped({
  client,
  stopped,
}: {
  client: ClientDetail;
  stopped: NonNullable<ClientDetail['emailStopped']>;
}) {
  const words = emailStoppedWords(client, stopped, useCorporationTimeZone());
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconMailOff size={18} aria-hidden />}
      title={words.title}
      role="status"
    >
      <Text size="sm">{words.body}</Text>
    </Alert>
  );
}
