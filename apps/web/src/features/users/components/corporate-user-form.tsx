import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { Role } from '@homeminder/shared/permissions';
import { CreateUserForm } from './tenant-user-form';

/** The Corporate users tab of Add Accounts: the corporation's administrators and managers; realtors are added apart. */
export function CorporateUserForm() {
  return (
    <>
      <Text size="sm" c="gray.7" mb="md">
        Corporate users run the company's account: administrators manage settings and users, managers look
        after clients. Adding a realtor?{' '}
        <Anchor component={Link} to="/admin/add/add-realtors" underline="always">
          Use Add Realtors
        </Anchor>
        .
      </Text>
      <CreateUserForm roles={[Role.Managers, Role.CorporateAdmin]} submitLabel="Add corporate user" />
    </>
  );
}
