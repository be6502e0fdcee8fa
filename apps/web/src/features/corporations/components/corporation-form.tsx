import '@mantine/core/styles/Fieldset.css';
import { useNavigate } from 'react-router';
import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingPlus } from '@tabler/icons-react';
import { corporationCreateSchema, type CorporationCreateInput } from '@homeminder/shared/contracts/admin';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import { useCreateCorporation } from '../api';
import {
  AddressFields,
  AdministratorFields,
  BillingFields,
  LicenseFields,
  SiteFields,
  asFieldValues,
} from './form-fields';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { bindFields } from '../../../components/form/field';
import { useRulesForm } from '../../../components/form/use-rules-form';

const schema = corporationCreateSchema();

/** The parts of the new corporation after its name and site, each under its own legend. */
const fieldGroups = [
  { legend: 'Address', prefix: 'address.', Fields: AddressFields },
  { legend: 'Billing', prefix: 'billing.', Fields: BillingFields },
  { legend: 'License', prefix: 'license.', Fields: LicenseFields },
  { legend: 'First administrator', prefix: 'administrator.', Fields: AdministratorFields },
];

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function emptyCorporation(): CorporationCreateInput {
  const today = new Date();
  const yearEnd = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate() - 1));
  return {
    name: '',
    site: {
      siteName: '',
      siteUrl: '',
      contactEmail: '',
      contactPhone: '',
      timeZone: 'America/New_York',
      brandColour: '',
    },
    address: { line: '', city: '', state: '', zip: '' },
    billing: { billingName: '', number: '', cvv: '', expiry: '' },
    license: { licensedProperties: 100, licenseStartsOn: isoDay(today), licenseEndsOn: isoDay(yearEnd) },
    administrator: { email: '', firstName: '', lastName: '', password: '' },
  };
}

/** Add Corporate Accounts: a corporation, its settings and its first administrator, in one go. */
export function CorporationForm() {
  const navigate = useNavigate();
  const create = useCreateCorporation();
  const form = useRulesForm(schema, emptyCorporation());
  const groupForm = asFieldValues(form);
  const { isSubmitting } = form.formState;
  const field = bindFields(form);
  const { failure, onSubmit } = useFormSubmit(
    form,
    async (values) => {
      const created = await create.mutateAsync(values);
      notifications.show({
        color: 'teal',
        title: 'Corporation added',
        message: `${created.name} and its administrator can now sign in.`,
      });
      void navigate(`/adm/view/user/${created.id}`);
    },
    { warnUnsaved: true },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a corporate account">
      <Stack gap="lg">
        <Text c="gray.7" size="sm">
          The card is checked now, but only its last four digits, brand and expiry are kept. The administrator
          signs in with the email and initial password you set here.
        </Text>
        <Fieldset legend="Company">
          <Stack gap="sm">
            <TextInput label="Company name" required {...field('name')} />
            <SiteFields form={groupForm} prefix="site." />
          </Stack>
        </Fieldset>
        {fieldGroups.map(({ legend, prefix, Fields }) => (
          <Fieldset key={prefix} legend={legend}>
            <Fields form={groupForm} prefix={prefix} />
          </Fieldset>
        ))}
        <ServerErrorAlert error={failure} title="The corporation was not added" />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={isSubmitting}
            leftSection={<IconBuildingPlus size={18} aria-hidden />}
          >
            Add corporation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
