import { Link, useParams } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Privilege } from '@homeminder/shared/permissions';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { useCorporation } from './api';
import { CorporationHeader } from './components/corporation-header';
import { CorporationSettings } from './components/corporation-settings';
import { CorporationPending } from './components/corporation-pending';

/** Manage Accounts (/adm/manage/:id): one corporation's settings. Another corporation's id is "not found". */
export function Component() {
  const { id } = useParams();
  const canManage = useSession((state) =>
    hasAnyPrivilege([Privilege.AdminCanManageCorporation, Privilege.AddCorporateAccounts], state),
  );
  const corporation = useCorporation(id);

  if (!corporation.isSuccess) return <CorporationPending query={corporation} />;
  return (
    <Stack gap="lg">
      <CorporationHeader
        corporation={corporation.data}
        actions={
          <Button
            component={Link}
            to={`/adm/view/user/${corporation.data.id}`}
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
          >
            View account
          </Button>
        }
      />
      <CorporationSettings key={corporation.data.id} corporation={corporation.data} canManage={canManage} />
    </Stack>
  );
}
