import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Privilege } from '@homeminder/shared/permissions';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { useCorporation } from './api';
import { CorporationHeader } from './components/corporation-header';
import { CorporationSettings } from './components/corporation-settings';
import { DefaultRemindersCard } from './components/default-reminders-card';
import { LicensingCard } from './components/licensing-card';
import { OwnReminderTasks } from './components/own-reminder-tasks';
import { ReminderTimingCard } from './components/reminder-timing-card';
import { SendingDomainCard } from './components/sending-domain-card';
import { DetailPending } from '../../components/detail-pending';

/** Manage Account (/accountSettings): the own corporation's settings, for its administrators. */
export function Component() {
  const tenantId = useSession((state) => state.tenantID) ?? undefined;
  const canManage = useSession((state) => hasAnyPrivilege([Privilege.AdminCanManageCorporation], state));
  const corporation = useCorporation(tenantId);

  if (!tenantId) {
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        Sign in again to see your company's settings.
      </Alert>
    );
  }
  if (!corporation.isSuccess) {
    return <DetailPending query={corporation} title="Your company's settings cannot be shown" />;
  }
  return (
    <Stack gap="lg">
      <CorporationHeader corporation={corporation.data} />
      {corporation.data.isSystem ? null : <LicensingCard tenantId={corporation.data.id} />}
      <CorporationSettings key={corporation.data.id} corporation={corporation.data} canManage={canManage} />
      {corporation.data.isSystem ? null : <OwnReminderTasks canManage={canManage} />}
      {corporation.data.isSystem ? null : <DefaultRemindersCard tenantId={corporation.data.id} />}
      {corporation.data.isSystem ? null : (
        <ReminderTimingCard tenantId={corporation.data.id} canManage={canManage} />
      )}
      {corporation.data.isSystem ? null : (
        <SendingDomainCard tenantId={corporation.data.id} canManage={canManage} />
      )}
    </Stack>
  );
}
