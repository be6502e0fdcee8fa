import '@mantine/core/styles/Tabs.css';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Anchor, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBuilding,
  IconCertificate,
  IconCreditCard,
  IconMapPin,
  IconPhoto,
  type TablerIcon,
} from '@tabler/icons-react';
import type { z } from 'zod';
import {
  billingSchema,
  corporationAddressSchema,
  tenantLicenseSchema,
  tenantSiteSchema,
  type CorporationDetails,
} from '@homeminder/shared/contracts/admin';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { licenseMessages } from '@homeminder/shared/license';
import { Privilege } from '@homeminder/shared/permissions';
import { ImageUpload } from '../../../components/form/image-upload';
import { hasAnyPrivilege, useSession } from '../../../lib/session-store';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import { useBranding, useUpdateCorporationSettings, useUploadBranding, type SettingsChange } from '../api';
import {
  AddressFields,
  BillingFields,
  LicenseFields,
  SiteFields,
  asFieldValues,
  type FieldGroupProps,
} from './form-fields';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { formatPhone } from '@homeminder/shared/format';
import { SaveButton } from '../../../components/form/save-button';
import { useCheckedForm } from '../../../components/form/use-checked-form';

/** Each kind of setting's form: its name, its rules and its fields. */
const settingsForms = {
  tenantSite: { label: 'Site settings', schema: tenantSiteSchema, Fields: SiteFields },
  billing: { label: 'Billing', schema: billingSchema(), Fields: BillingFields },
  address: { label: 'Address', schema: corporationAddressSchema, Fields: AddressFields },
  tenantLicense: { label: 'License', schema: tenantLicenseSchema, Fields: LicenseFields },
};

/** The tabs, in order, with the icon of each. */
const settingsTabs = [
  { value: 'site', label: 'Site', Icon: IconBuilding },
  { value: 'billing', label: 'Billing', Icon: IconCreditCard },
  { value: 'address', label: 'Address', Icon: IconMapPin },
  { value: 'license', label: 'License', Icon: IconCertificate },
  { value: 'branding', label: 'Branding', Icon: IconPhoto },
];

function SettingsTab({ value, Icon, children }: { value: string; Icon: TablerIcon; children: string }) {
  return (
    <Tabs.Tab value={value} leftSection={<Icon size={16} aria-hidden />}>
      {children}
    </Tabs.Tab>
  );
}

/** One settings form: its fields, its own save button, its errors. */
function SettingsForm<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  defaults,
  save,
  Fields,
  label,
  disabled,
  resetAfterSave,
  intro,
  readOnlyNote,
}: {
  schema: S;
  defaults: z.input<S>;
  save: (value: z.output<S>) => Promise<unknown>;
  Fields: (props: FieldGroupProps) => ReactNode;
  label: string;
  disabled: boolean;
  /** Empties the form after saving (card numbers are not shown again). */
  resetAfterSave?: z.input<S>;
  intro?: ReactNode;
  /** Said instead of the save button while the form cannot be changed; by default, who can. */
  readOnlyNote?: ReactNode;
}) {
  const form = useCheckedForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults as never,
  });
  const { isSubmitting, isDirty } = form.formState;
  const { failure, onSubmit } = useFormSubmit(
    form,
    async (value) => {
      await save(value);
      notifications.show({ color: 'teal', message: `${label} saved.` });
      form.reset((resetAfterSave ?? value) as never);
    },
    { warnUnsaved: true },
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {intro}
        <Fields form={asFieldValues(form)} disabled={disabled} />
        <ServerErrorAlert error={failure} title={`${label} not saved`} />
        {disabled ? (
          (readOnlyNote ?? (
            <Text size="sm" c="gray.7">
              Only your company's administrators can change these settings.
            </Text>
          ))
        ) : (
          <Group justify="flex-end">
            <SaveButton saving={isSubmitting} changed={isDirty}>
              Save {label.toLowerCase()}
            </SaveButton>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function Branding({ corporation, disabled }: { corporation: CorporationDetails; disabled: boolean }) {
  const branding = useBranding(corporation.id);
  const upload = useUploadBranding(corporation.id);
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        The logo shown on your company's pages and in reminder emails. It is resized to at most 1200 pixels.
      </Text>
      <ImageUpload
        shape="banner"
        alt={`Branding image of ${corporation.name}`}
        current={branding.data}
        loading={branding.isPending}
        onUpload={(file) => upload.mutateAsync(file)}
        successMessage="Branding image saved."
        disabled={disabled}
      />
      {branding.isError ? <ServerErrorAlert error={branding.error} /> : null}
    </Stack>
  );
}

/** The settings kinds of docs/requirements.md §5 as tabs: tenant site, billing, address, license, branding. */
export function CorporationSettings({
  corporation,
  canManage,
}: {
  corporation: CorporationDetails;
  canManage: boolean;
}) {
  const update = useUpdateCorporationSettings(corporation.id);
  const disabled = !canManage;
  const setsLicense = useSession((state) => hasAnyPrivilege([Privilege.AddCorporateAccounts], state));
  /** The form of one kind of setting; it saves that kind and shows only its own failure. */
  const formOf = <K extends SettingsChange['kind']>(kind: K) => ({
    ...settingsForms[kind],
    save: (value: Extract<SettingsChange, { kind: K }>['value']) =>
      update.mutateAsync({ kind, value } as SettingsChange),
    // The license is what the corporation pays for: only the operator changes it (docs/decisions/051).
    disabled: disabled || (kind === 'tenantLicense' && !setsLicense),
  });
  const card = corporation.cardLast4
    ? `${corporation.cardBrand ?? 'Card'} ending ${corporation.cardLast4}, expires ${corporation.cardExpiry?.slice(0, 2)}/${corporation.cardExpiry?.slice(2)}`
    : 'No card on file.';
  // The card's number is never shown again: the form starts, and starts again after saving, empty.
  const newCard = { billingName: corporation.billingName ?? '', number: '', cvv: '', expiry: '' };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Tabs defaultValue="site" keepMounted={false}>
        <Tabs.List mb="md">
          {settingsTabs.map(({ value, label, Icon }) => (
            <SettingsTab key={value} value={value} Icon={Icon}>
              {label}
            </SettingsTab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="site">
          <SettingsForm
            {...formOf('tenantSite')}
            defaults={{
              siteName: corporation.siteName ?? corporation.name,
              siteUrl: corporation.siteUrl ?? '',
              contactEmail: corporation.contactEmail ?? '',
              contactPhone: formatPhone(corporation.contactPhone),
              timeZone: corporation.timeZone,
              brandColour: corporation.brandColour ?? '',
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="billing">
          <SettingsForm
            {...formOf('billing')}
            intro={
              <Text size="sm">
                <b>Card on file:</b> {card} Enter a new card to replace it; only its last four digits, brand
                and expiry are kept.
              </Text>
            }
            defaults={newCard}
            resetAfterSave={newCard}
          />
        </Tabs.Panel>
        <Tabs.Panel value="address">
          <SettingsForm
            {...formOf('address')}
            defaults={{
              line: corporation.addressLine ?? '',
              city: corporation.city ?? '',
              state: corporation.state ?? '',
              zip: corporation.zip ?? '',
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="license">
          <SettingsForm
            {...formOf('tenantLicense')}
            defaults={{
              licensedProperties: corporation.licensedProperties,
              licenseStartsOn: corporation.licenseStartsOn ?? '',
              licenseEndsOn: corporation.licenseEndsOn ?? '',
            }}
            readOnlyNote={
              <Text size="sm" c="gray.7">
                {licenseMessages.whomToAsk}{' '}
                <Anchor component={Link} to="/contactus">
                  Contact {PRODUCT_NAME}
                </Anchor>
              </Text>
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="branding">
          <Branding corporation={corporation} disabled={disabled} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
