import '@mantine/core/styles/Tabs.css';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Paper, Tabs } from '@mantine/core';
import { IconBuildingSkyscraper, IconInfoCircle, IconUsers } from '@tabler/icons-react';
import { Privilege } from '@homeminder/shared/permissions';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { CorporationForm } from './components/corporation-form';

const tabPaths = { corp: '/adm/add/corp', 'corp-users': '/adm/add/corp-users' } as const;
type Tab = keyof typeof tabPaths;

/**
 * Add Accounts (/adm/add, /adm/add/corp, /adm/add/corp-users: one screen). The corporate form is
 * for holders of AddCorporateAccounts, the `corporateUsers` form for a corporation's administrators.
 */
export function AddAccountsPage({ corporateUsers }: { corporateUsers: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const canAddCorporations = useSession((state) => hasAnyPrivilege([Privilege.AddCorporateAccounts], state));
  const canAddUsers = useSession((state) =>
    hasAnyPrivilege([Privilege.AdminCanManageCorporation, Privilege.AddCorporateAccounts], state),
  );
  const available: Tab[] = [
    ...(canAddCorporations ? (['corp'] as const) : []),
    ...(canAddUsers ? (['corp-users'] as const) : []),
  ];
  const path = location.pathname.toLowerCase();
  const asked: Tab | undefined = path.endsWith('/corp-users')
    ? 'corp-users'
    : path.endsWith('/corp')
      ? 'corp'
      : undefined;
  const tab = asked && available.includes(asked) ? asked : available[0];

  if (!tab) {
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} maw={640}>
        Your role does not add accounts. Ask your company's administrator.
      </Alert>
    );
  }

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Tabs
        value={tab}
        onChange={(value) => value && void navigate(tabPaths[value as Tab], { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {canAddCorporations ? (
            <Tabs.Tab value="corp" leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}>
              Corporate account
            </Tabs.Tab>
          ) : null}
          {canAddUsers ? (
            <Tabs.Tab value="corp-users" leftSection={<IconUsers size={16} aria-hidden />}>
              Corporate users
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="corp">
          <CorporationForm />
        </Tabs.Panel>
        <Tabs.Panel value="corp-users">{corporateUsers}</Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
