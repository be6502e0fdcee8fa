import { Alert, Paper, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { tenantUserRoles } from '@homeminder/shared/contracts/admin';
import { Privilege } from '@homeminder/shared/permissions';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { CreateUserForm } from './components/tenant-user-form';

/** Add User Accounts (/adm/add/users): any role of the corporation. */
export function Component() {
  const canAdd = useSession((state) =>
    hasAnyPrivilege([Privilege.AdminCanManageCorporation, Privilege.AddCorporateAccounts], state),
  );
  if (!canAdd) {
    return (
      <Alert
        color="blue"
        icon={<IconInfoCircle size={18} aria-hidden />}
        maw={640}
        title="Only administrators add users"
      >
        Your role lets you see your company's users, but only its administrators can add them.
      </Alert>
    );
  }
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={880}>
      <Text size="sm" c="gray.7" mb="md">
        Add an administrator, a manager or a realtor. Each signs in with the email entered here.
      </Text>
      <CreateUserForm roles={tenantUserRoles} submitLabel="Add user" />
    </Paper>
  );
}
