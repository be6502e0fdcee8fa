import { Paper, Text } from '@mantine/core';
import { Role } from '@homeminder/shared/permissions';
import { CreateUserForm } from './components/tenant-user-form';

/** Add Realtors (/admin/add/add-realtors): realtors look after their own clients. */
export function Component() {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={880}>
      <Text size="sm" c="gray.7" mb="md">
        A realtor sees and manages only their own clients. They sign in with the email you enter here.
      </Text>
      <CreateUserForm roles={[Role.Realtor]} submitLabel="Add realtor" />
    </Paper>
  );
}
