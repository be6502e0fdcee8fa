import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconUserPlus } from '@tabler/icons-react';
import {
  roleLabels,
  tenantUserCreateSchema,
  tenantUserUpdateSchema,
  type TenantUser,
  type TenantUserCreate,
  type TenantUserCreateInput,
  type TenantUserRole,
  type TenantUserUpdate,
  type TenantUserUpdateInput,
} from '@homeminder/shared/contracts/admin';
import { Privilege } from '@homeminder/shared/permissions';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import { hasAnyPrivilege, useSession } from '../../../lib/session-store';
import { useCorporations } from '../../../lib/corporations';
import { useCreateTenantUser, useUpdateTenantUser } from '../api';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { formatPhone } from '@homeminder/shared/format';
import { SaveButton } from '../../../components/form/save-button';
import { bindFields } from '../../../components/form/field';
import { SelectField } from '../../../components/form/select-field';
import { useRulesForm } from '../../../components/form/use-rules-form';
import { PasswordWithChecklist } from '../../../components/form/password-with-checklist';

type UserFieldsForm =
  | UseFormReturn<TenantUserCreateInput, unknown, TenantUserCreate>
  | UseFormReturn<TenantUserUpdateInput, unknown, TenantUserUpdate>;

/** Email, names, phone and role: the fields a user has on both the add and the edit form. */
function UserFields({
  form,
  roles,
  disabled,
}: {
  form: UserFieldsForm;
  roles: readonly TenantUserRole[];
  disabled?: boolean;
}) {
  // Both forms share these field names; one view of them keeps the JSX typed once.
  const shared = form as unknown as UseFormReturn<TenantUserUpdateInput, unknown, TenantUserUpdate>;
  const field = bindFields(shared);
  return (
    <Stack gap="sm">
      <TextInput
        label="Email"
        description="The user signs in with it"
        type="email"
        autoComplete="off"
        required
        disabled={disabled}
        {...field('email')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="First name"
          autoComplete="off"
          required
          disabled={disabled}
          {...field('firstName')}
        />
        <TextInput label="Last name" autoComplete="off" required disabled={disabled} {...field('lastName')} />
        <TextInput
          label="Phone"
          type="tel"
          placeholder="(555) 123-4567"
          disabled={disabled}
          {...field('phone')}
        />
        {roles.length > 1 ? (
          <SelectField
            control={shared.control}
            name="role"
            label="Role"
            required
            disabled={disabled}
            allowDeselect={false}
            data={roles.map((role) => ({ value: role, label: roleLabels[role] }))}
          />
        ) : (
          <TextInput label="Role" value={roleLabels[roles[0]!]} readOnly disabled />
        )}
      </SimpleGrid>
    </Stack>
  );
}

/** The corporations a system administrator may add users to. */
function CorporationSelect({
  form,
}: {
  form: UseFormReturn<TenantUserCreateInput, unknown, TenantUserCreate>;
}) {
  const corporations = useCorporations({
    pageSize: 'all',
    status: 'enabled',
    sorting: [{ propertyName: 'name', dir: 'asc' }],
  });
  return (
    <SelectField
      control={form.control}
      name="tenantId"
      label="Company"
      description="The corporation the user belongs to"
      placeholder={corporations.isPending ? 'Loading companies…' : 'Choose a company'}
      searchable
      required
      nothingFoundMessage="No company matches"
      data={(corporations.data?.items ?? []).map((corporation) => ({
        value: corporation.id,
        label: corporation.name,
      }))}
      error={corporations.isError ? 'The companies could not be loaded.' : undefined}
    />
  );
}

function emptyUser(role: TenantUserRole, tenantId: string): TenantUserCreateInput {
  return { tenantId, email: '', firstName: '', lastName: '', phone: '', role, temporaryPassword: '' };
}

/**
 * Adds a user. The administrator either lets the user choose a password through an emailed link,
 * or sets a temporary one; the server never tells anyone a password.
 */
export function CreateUserForm({
  roles,
  submitLabel = 'Add user',
}: {
  roles: readonly TenantUserRole[];
  submitLabel?: string;
}) {
  const acrossTenants = useSession((state) => hasAnyPrivilege([Privilege.ActAcrossTenants], state));
  const create = useCreateTenantUser();
  const [searchParams] = useSearchParams();
  const [passwordMode, setPasswordMode] = useState<'email' | 'temporary'>('email');
  const [added, setAdded] = useState<TenantUser | null>(null);
  const form = useRulesForm(
    tenantUserCreateSchema,
    // An operator coming from a list of one corporation's users adds to that corporation.
    emptyUser(roles[0]!, acrossTenants ? (searchParams.get('company') ?? '') : ''),
  );
  const { isSubmitting } = form.formState;
  const field = bindFields(form);

  const { failure, onSubmit } = useFormSubmit(
    form,
    async (values) => {
      if (acrossTenants && !values.tenantId) {
        form.setError('tenantId', { message: 'Choose the company the user belongs to' });
        return;
      }
      const user = await create.mutateAsync({
        ...values,
        temporaryPassword: passwordMode === 'temporary' ? values.temporaryPassword : undefined,
      });
      setAdded(user);
      notifications.show({
        color: 'teal',
        title: 'User added',
        message: `${user.firstName} ${user.lastName} was added.`,
      });
      form.reset(emptyUser(values.role, values.tenantId ?? ''));
      setPasswordMode('email');
    },
    { warnUnsaved: true },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        {added ? (
          <Alert
            color="teal"
            icon={<IconCircleCheck size={18} aria-hidden />}
            role="status"
            withCloseButton
            onClose={() => setAdded(null)}
          >
            {added.firstName} {added.lastName} ({roleLabels[added.role as TenantUserRole] ?? added.role}) was
            added.{' '}
            <Anchor component={Link} to={`/adm/edit/user/${added.id}`} underline="always">
              Open their account
            </Anchor>
          </Alert>
        ) : null}
        {acrossTenants ? <CorporationSelect form={form} /> : null}
        <UserFields form={form} roles={roles} />
        <Radio.Group
          label="Password"
          value={passwordMode}
          onChange={(value) => {
            setPasswordMode(value === 'temporary' ? 'temporary' : 'email');
            if (value === 'email') form.setValue('temporaryPassword', '', { shouldValidate: false });
          }}
        >
          <Stack gap={6} mt={6}>
            <Radio value="email" label="Email the user a link to choose their own password (recommended)" />
            <Radio value="temporary" label="Set a temporary password that I give the user" />
          </Stack>
        </Radio.Group>
        {passwordMode === 'temporary' ? (
          <Stack gap="xs">
            <PasswordWithChecklist
              control={form.control}
              label="Temporary password"
              required
              {...field('temporaryPassword')}
            />
          </Stack>
        ) : null}
        <ServerErrorAlert error={failure} title="The user was not added" />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} leftSection={<IconUserPlus size={18} aria-hidden />}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Changes a user's email, names, phone and role. */
export function EditUserForm({
  user,
  roles,
  disabled,
}: {
  user: TenantUser;
  roles: readonly TenantUserRole[];
  disabled?: boolean;
}) {
  const update = useUpdateTenantUser(user.id);
  const form = useRulesForm(tenantUserUpdateSchema, {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: formatPhone(user.phone),
    role: (user.role ?? roles[0]) as TenantUserRole,
  });
  const { failure, onSubmit } = useFormSubmit(
    form,
    async (values) => {
      const saved = await update.mutateAsync(values);
      notifications.show({ color: 'teal', message: `${saved.firstName} ${saved.lastName} was saved.` });
      form.reset({ ...values, phone: formatPhone(saved.phone) });
    },
    { warnUnsaved: true },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="User details">
      <Stack gap="md">
        <UserFields form={form} roles={roles} disabled={disabled} />
        <ServerErrorAlert error={failure} title="The changes were not saved" />
        {disabled ? (
          <Text size="sm" c="gray.7">
            Only your company's administrators can change user accounts.
          </Text>
        ) : (
          <Group justify="flex-end">
            <SaveButton saving={form.formState.isSubmitting} changed={form.formState.isDirty}>
              Save changes
            </SaveButton>
          </Group>
        )}
      </Stack>
    </form>
  );
}
