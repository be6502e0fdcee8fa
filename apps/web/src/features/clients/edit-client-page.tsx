import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { messages } from '@homeminder/shared/validation/messages';
import { isGuid } from '@homeminder/shared/validation/rules';
import { ClientSetupForm } from './components/client-setup-form';

/** Edit Client Accounts (`/adm/edit/client-user/:id`): the set-up form for one client. */
export function Component() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // An address that cannot name a client is handled here, without asking the server.
  if (!isGuid(id)) {
    return (
      <Alert color="red" title={messages.unableClientUser} maw={720}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            The address does not name a client. Find the client in the client list instead.
          </Text>
          <Button component={Link} to="/clients" size="xs" variant="white" color="red">
            Go to the client list
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack maw={760} gap="md">
      <Text size="sm">
        Change the client, their property and their reminders.{' '}
        <Anchor component={Link} to="/clients">
          Back to the client list
        </Anchor>
      </Text>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <ClientSetupForm
          clientId={id.toLowerCase()}
          area="admin"
          onSaved={() => void navigate('/clients')}
          onCancel={() => void navigate(-1)}
        />
      </Paper>
    </Stack>
  );
}
