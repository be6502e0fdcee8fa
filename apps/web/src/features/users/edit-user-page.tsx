import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Table.css';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Button, Collapse, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconMailForward, IconUserShare } from '@tabler/icons-react';
import {
  temporaryPasswordSchema,
  tenantUserRoles,
  type TenantUser,
  type TenantUserRole,
} from '@homeminder/shared/contracts/admin';
import { Privilege } from '@homeminder/shared/permissions';
import { ImageUpload } from '../../components/form/image-upload';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import {
  useImpersonationCheck,
  useSendPasswordReset,
  useSetTemporaryPassword,
  useTenantUser,
  useUploadUserImage,
  useUserImage,
} from './api';
import { RoleBadge, StatusBadge } from '../../components/badges';
import { ActAsDialog } from './components/act-as-dialog';
import { EnableButton } from '../../components/enable-toggle';
import { EnableUserDialog } from './components/enable-user-dialog';
import { DetailPending } from '../../components/detail-pending';
import { DetailRow } from '../../components/detail-row';
import { SectionCard } from '../../components/section-card';
import { EditUserForm } from './components/tenant-user-form';
import { useRulesForm } from '../../components/form/use-rules-form';
import { useStaffTimes } from '../../lib/corporation-time-zone';
import { TimeZoneNote } from '../../components/time-zone-note';

function initials(user: TenantUser): string {
  return `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
}

function AccountStatus({
  user,
  canManage,
  isSelf,
}: {
  user: TenantUser;
  canManage: boolean;
  isSelf: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const times = useStaffTimes();
  return (
    <SectionCard title="Account">
      <Table variant="vertical" withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <DetailRow label="Status" labelWidth={120}>
            <StatusBadge enabled={user.enabled} />
          </DetailRow>
          <DetailRow label="Role">
            <RoleBadge role={user.role} />
          </DetailRow>
          <DetailRow label="Company">
            <Anchor component={Link} to={`/adm/view/user/${user.tenantId}`}>
              {user.companyName}
            </Anchor>
          </DetailRow>
          <DetailRow label="Last sign-in">
            {user.lastLoginAt ? times.dateTime(user.lastLoginAt) : 'Never'}
          </DetailRow>
          <DetailRow label="Added">{times.dateTime(user.createdAt)}</DetailRow>
        </Table.Tbody>
      </Table>
      <TimeZoneNote timeZone={times.timeZone} />
      {canManage && !isSelf ? (
        <EnableButton enabled={user.enabled} noun="account" onClick={() => setConfirming(true)} />
      ) : null}
      <EnableUserDialog target={confirming ? user : null} onClose={() => setConfirming(false)} />
    </SectionCard>
  );
}

function TemporaryPasswordForm({ user, onDone }: { user: TenantUser; onDone: () => void }) {
  const setPassword = useSetTemporaryPassword(user.id);
  const form = useRulesForm(temporaryPasswordSchema, { password: '', confirmPassword: '' });
  const { isSubmitting } = form.formState;
  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    const result = await setPassword.mutateAsync(values);
    notifications.show({ color: 'teal', message: result.message, autoClose: 8000 });
    form.reset();
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Set a temporary password">
      <Stack gap="xs">
        <NewPasswordFields form={form} label="Temporary password" />
        <ServerErrorAlert error={failure} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Set temporary password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasswordHelp({ user, isSelf }: { user: TenantUser; isSelf: boolean }) {
  const sendReset = useSendPasswordReset();
  const [temporaryOpen, setTemporaryOpen] = useState(false);
  const acting = useSession((state) => Boolean(state.impersonatedToken));
  // The server refuses both: the own password needs the current one, and nobody's password is set
  // in another's name.
  if (isSelf || acting) {
    return (
      <SectionCard title="Password">
        <Text size="sm" c="gray.7">
          {acting
            ? 'Passwords cannot be changed while acting as another user.'
            : 'You change your own password in your settings, with your current one.'}
        </Text>
        {acting ? null : (
          <Group>
            <Button
              component={Link}
              to="/userSettings"
              variant="light"
              leftSection={<IconKey size={16} aria-hidden />}
            >
              Change my password
            </Button>
          </Group>
        )}
      </SectionCard>
    );
  }
  const send = async () => {
    try {
      const result = await sendReset.mutateAsync(user.id);
      notifications.show({ color: 'teal', message: result.message, autoClose: 8000 });
    } catch {
      // Shown below.
    }
  };
  return (
    <SectionCard title="Password">
      <Text size="sm" c="gray.7">
        You never see a user's password. Email them a link to choose a new one, or set a temporary password to
        give them in person; either way their open sessions end when the password changes.
      </Text>
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconMailForward size={16} aria-hidden />}
          loading={sendReset.isPending}
          onClick={() => void send()}
          disabled={!user.enabled}
        >
          Email a reset link
        </Button>
        <Button
          variant="subtle"
          leftSection={<IconKey size={16} aria-hidden />}
          onClick={() => setTemporaryOpen((open) => !open)}
          aria-expanded={temporaryOpen}
        >
          Set a temporary password
        </Button>
      </Group>
      <ServerErrorAlert error={sendReset.error} />
      <Collapse expanded={temporaryOpen}>
        {temporaryOpen ? <TemporaryPasswordForm user={user} onDone={() => setTemporaryOpen(false)} /> : null}
      </Collapse>
    </SectionCard>
  );
}

function ProfilePicture({ user, canManage }: { user: TenantUser; canManage: boolean }) {
  const image = useUserImage(user.id);
  const upload = useUploadUserImage(user.id);
  return (
    <SectionCard title="Profile picture">
      <ImageUpload
        shape="avatar"
        alt={`Profile picture of ${user.firstName} ${user.lastName}`}
        current={image.data}
        loading={image.isPending}
        placeholder={initials(user)}
        onUpload={(file) => upload.mutateAsync(file)}
        successMessage="Profile picture saved."
        disabled={!canManage}
      />
    </SectionCard>
  );
}

const backToUsers = { to: '/adm/manage-users', label: 'Back to Manage Users' };

/** Edit User Accounts (/adm/edit/user/:id): details, role, status, password help and picture. */
export function Component() {
  const { id } = useParams();
  const me = useSession((state) => state.userID);
  const canManage = useSession((state) =>
    hasAnyPrivilege([Privilege.AdminCanManageCorporation, Privilege.AddCorporateAccounts], state),
  );
  const user = useTenantUser(id);
  const mayActAs = useImpersonationCheck().data?.allowed === true;
  const [actingAs, setActingAs] = useState<TenantUser | null>(null);

  if (!user.isSuccess)
    return <DetailPending query={user} title="This user cannot be shown" back={backToUsers} />;
  const data = user.data;
  const isSelf = data.id === me;
  const roles: readonly TenantUserRole[] =
    isSelf || !tenantUserRoles.includes(data.role as TenantUserRole)
      ? [data.role as TenantUserRole]
      : tenantUserRoles;

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={2} size="h3">
          {data.firstName} {data.lastName}
        </Title>
        <StatusBadge enabled={data.enabled} />
        {mayActAs && data.enabled && !isSelf ? (
          <Button
            variant="light"
            size="xs"
            ml="auto"
            leftSection={<IconUserShare size={16} aria-hidden />}
            onClick={() => setActingAs(data)}
          >
            Act as {data.firstName}
          </Button>
        ) : null}
      </Group>
      <ActAsDialog user={actingAs} onClose={() => setActingAs(null)} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <SectionCard title="Details">
              <EditUserForm
                key={`${data.id}-${data.email}-${data.role}`}
                user={data}
                roles={roles}
                disabled={!canManage}
              />
            </SectionCard>
            {canManage ? <PasswordHelp user={data} isSelf={isSelf} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <AccountStatus user={data} canManage={canManage} isSelf={isSelf} />
            <ProfilePicture user={data} canManage={canManage} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
