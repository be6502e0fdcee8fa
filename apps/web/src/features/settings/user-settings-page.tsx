import '@mantine/core/styles/Grid.css';
import { Alert, Grid, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ownProfileUpdateSchema,
  roleLabels,
  type OwnProfile,
  type TenantUserRole,
} from '@homeminder/shared/contracts/admin';
import { formatPhone } from '@homeminder/shared/format';
import { ImageUpload } from '../../components/form/image-upload';
import { ChangePasswordForm } from '../../components/form/change-password-form';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { useRulesForm } from '../../components/form/use-rules-form';
import { useSession } from '../../lib/session-store';
import { useChangePassword, useOwnProfile, useUpdateOwnProfile, useUploadOwnImage } from './api';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { SaveButton } from '../../components/form/save-button';
import { SectionCard } from '../../components/section-card';
import { bindFields } from '../../components/form/field';
import { Role } from '@homeminder/shared/permissions';
import { EmailPreferences } from './email-preferences';
import { useStaffTimes } from '../../lib/corporation-time-zone';

function ProfileForm({ profile }: { profile: OwnProfile }) {
  const update = useUpdateOwnProfile();
  const form = useRulesForm(ownProfileUpdateSchema, {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: formatPhone(profile.phone),
  });
  const { isSubmitting, isDirty } = form.formState;
  const field = bindFields(form);
  const { failure, onSubmit } = useFormSubmit(
    form,
    async (values) => {
      const saved = await update.mutateAsync(values);
      notifications.show({ color: 'teal', message: 'Your profile was saved.' });
      form.reset({ firstName: saved.firstName, lastName: saved.lastName, phone: formatPhone(saved.phone) });
    },
    { warnUnsaved: true },
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="My profile">
      <Stack gap="sm">
        <TextInput
          label="Email"
          description="Your user name; ask an administrator to change it"
          value={profile.email}
          readOnly
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="First name" autoComplete="given-name" required {...field('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </SimpleGrid>
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="(555) 123-4567"
          {...field('phone')}
        />
        <ServerErrorAlert error={failure} title="Your profile was not saved" />
        <Group justify="flex-end">
          <SaveButton saving={isSubmitting} changed={isDirty}>
            Save profile
          </SaveButton>
        </Group>
      </Stack>
    </form>
  );
}

function PasswordForm({ profile }: { profile: OwnProfile }) {
  const change = useChangePassword();
  const times = useStaffTimes();
  const changedAt =
    profile.passwordChangedAt && times.timeZone
      ? `Last changed ${times.dateTime(profile.passwordChangedAt)} (${times.timeZone}). `
      : '';
  return (
    <ChangePasswordForm
      change={change.mutateAsync}
      note={`${changedAt}Changing it signs you out everywhere else.`}
      onChanged={(message) =>
        notifications.show({ color: 'teal', title: 'Password changed', message, autoClose: 8000 })
      }
    />
  );
}

function initialsOf(profile: OwnProfile): string {
  return `${profile.firstName[0] ?? ''}${profile.lastName[0] ?? ''}`.toUpperCase();
}

/** Manage My Account (/userSettings): own name and phone, password, email preferences, picture. */
export function Component() {
  const profile = useOwnProfile();
  const image = useSession((state) => state.userProfileImage);
  const imageError = useSession((state) => state.userProfileImageError);
  const upload = useUploadOwnImage();

  if (profile.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading">
        <Skeleton h={220} radius="md" />
        <Skeleton h={280} radius="md" />
      </Stack>
    );
  }
  if (profile.isError)
    return <ServerErrorAlert error={profile.error} title="Your profile could not be loaded" />;
  const data = profile.data;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <SectionCard title="Profile">
            <Text size="sm" c="gray.7">
              {data.companyName}
              {data.roles.length
                ? ` · ${data.roles.map((role) => roleLabels[role as TenantUserRole] ?? role).join(', ')}`
                : ''}
            </Text>
            <ProfileForm profile={data} />
          </SectionCard>
          <SectionCard title="Password">
            <PasswordForm profile={data} />
          </SectionCard>
          {data.roles.includes(Role.Realtor) ? (
            <SectionCard title="Emails">
              <EmailPreferences profile={data} />
            </SectionCard>
          ) : null}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <SectionCard title="Profile picture">
          <Text size="sm" c="gray.7">
            Shown in the header next to your name.
          </Text>
          {imageError ? (
            <Alert color="yellow" title="Your picture could not be loaded">
              {imageError}
            </Alert>
          ) : null}
          <ImageUpload
            shape="avatar"
            alt={`Profile picture of ${data.firstName} ${data.lastName}`}
            current={image}
            placeholder={initialsOf(data)}
            onUpload={(file) => upload.mutateAsync(file)}
            successMessage="Your profile picture was saved."
          />
        </SectionCard>
      </Grid.Col>
    </Grid>
  );
}
