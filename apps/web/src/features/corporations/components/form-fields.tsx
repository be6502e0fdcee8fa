/**
 * Groups of form fields used by the corporation forms: the create form holds them under a prefix
 * ('site.', 'address.'), the settings forms at the top level. Each field shows its message under
 * it, from the shared schema, once touched or after a submit.
 */
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/NumberInput.css';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ColorInput, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { maxLicensedProperties, timeZones } from '@homeminder/shared/contracts/admin';
import { usStates } from '@homeminder/shared/us-states';
import { bindFields } from '../../../components/form/field';
import { SelectField } from '../../../components/form/select-field';
import { PasswordWithChecklist } from '../../../components/form/password-with-checklist';

export interface FieldGroupProps {
  form: UseFormReturn<FieldValues>;
  /** Path of the group inside the form, ending with a dot ('address.'), or '' at the top. */
  prefix?: string;
  disabled?: boolean;
}

/** Lets a typed form be handed to a field group, which addresses its fields by name. */
export function asFieldValues<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
): UseFormReturn<FieldValues> {
  return form as unknown as UseFormReturn<FieldValues>;
}

/**
 * Binds the group's fields under its prefix: `field` for registered inputs, `controlled` for the
 * name, control and input props of a controlled one. Fields are required unless told otherwise.
 */
function useFields({ form, prefix = '', disabled }: FieldGroupProps) {
  const bound = bindFields(form);
  const inputProps = (path: string, required: boolean) => ({
    id: path.replace(/\./g, '-'),
    required,
    disabled,
  });
  return {
    field: (name: string, options: { required?: boolean } = {}) => ({
      ...bound(`${prefix}${name}`),
      ...inputProps(`${prefix}${name}`, options.required ?? true),
    }),
    controlled: (name: string) => ({
      control: form.control,
      name: `${prefix}${name}`,
      ...inputProps(`${prefix}${name}`, true),
    }),
  };
}

/** Colours that read well behind white button text. */
const brandSwatches = ['#1864ab', '#0b7285', '#087f5b', '#5f3dc4', '#c2255c', '#b35900', '#343a40'];

const stateOptions = usStates.map(({ code, name }) => ({ value: code, label: `${name} (${code})` }));

export function SiteFields(props: FieldGroupProps) {
  const { field, controlled } = useFields(props);
  return (
    <Stack gap="sm">
      <TextInput
        label="Site name"
        description="How clients see your company in reminder emails"
        {...field('siteName')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Website"
          placeholder="https://www.example.com"
          {...field('siteUrl', { required: false })}
        />
        <TextInput label="Contact email" type="email" {...field('contactEmail', { required: false })} />
        <TextInput
          label="Contact phone"
          type="tel"
          placeholder="(555) 123-4567"
          {...field('contactPhone', { required: false })}
        />
        <SelectField
          label="Time zone"
          description="Reminders go out in the morning of this zone"
          data={timeZones.map((zone) => ({ value: zone.value, label: zone.label }))}
          allowDeselect={false}
          {...controlled('timeZone')}
        />
        <Controller
          control={props.form.control}
          name={`${props.prefix ?? ''}brandColour`}
          render={({ field: colour, fieldState }) => (
            <ColorInput
              id={`${(props.prefix ?? '').replace(/\./g, '-')}brandColour`}
              label="Email colour"
              description="The top bar and buttons of your emails; blank for the standard blue"
              placeholder="#1864ab"
              format="hex"
              swatches={brandSwatches}
              value={(colour.value as string | undefined) ?? ''}
              onChange={colour.onChange}
              onBlur={colour.onBlur}
              error={fieldState.error?.message}
              disabled={props.disabled}
            />
          )}
        />
      </SimpleGrid>
    </Stack>
  );
}

export function AddressFields(props: FieldGroupProps) {
  const { field, controlled } = useFields(props);
  return (
    <Stack gap="sm">
      <TextInput
        label="Street address"
        description="House number first, then the street"
        autoComplete="street-address"
        {...field('line')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="City" autoComplete="address-level2" {...field('city')} />
        <SelectField label="State" searchable data={stateOptions} {...controlled('state')} />
        <TextInput
          label="ZIP code"
          inputMode="numeric"
          maxLength={5}
          autoComplete="postal-code"
          {...field('zip')}
        />
      </SimpleGrid>
    </Stack>
  );
}

export function BillingFields(props: FieldGroupProps) {
  const { field } = useFields(props);
  return (
    <Stack gap="sm">
      <TextInput label="Name on the card" autoComplete="cc-name" {...field('billingName')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="15 or 16 digits"
          {...field('number')}
        />
        <TextInput
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          {...field('expiry')}
        />
        <TextInput
          label="Security code (CVV)"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          {...field('cvv')}
        />
      </SimpleGrid>
    </Stack>
  );
}

export function LicenseFields(props: FieldGroupProps) {
  const { field, controlled } = useFields(props);
  const { control, name, ...inputProps } = controlled('licensedProperties');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Controller
        control={control}
        name={name}
        render={({ field: number, fieldState }) => (
          <NumberInput
            label="Licensed properties"
            description="Active client properties allowed"
            min={0}
            max={maxLicensedProperties}
            // What was typed stays, and the form's rule says what is wrong with it: changing -5 to 5
            // or 99999999999 to the maximum would save a number nobody typed.
            clampBehavior="none"
            allowDecimal={false}
            thousandSeparator=","
            {...inputProps}
            value={(number.value as number | undefined) ?? ''}
            onChange={(value) => number.onChange(value === '' ? undefined : Number(value))}
            onBlur={number.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextInput label="License starts" type="date" description="First day" {...field('licenseStartsOn')} />
      <TextInput label="License ends" type="date" description="Last day" {...field('licenseEndsOn')} />
    </SimpleGrid>
  );
}

/** Email, names and an initial password: the first administrator of a new corporation. */
export function AdministratorFields(props: FieldGroupProps) {
  const { field } = useFields(props);
  return (
    <Stack gap="sm">
      <TextInput
        label="Administrator email"
        type="email"
        autoComplete="off"
        description="Their user name"
        {...field('email')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First name" autoComplete="off" {...field('firstName')} />
        <TextInput label="Last name" autoComplete="off" {...field('lastName')} />
      </SimpleGrid>
      <PasswordWithChecklist
        control={props.form.control}
        label="Initial password"
        description="Give it to the administrator in person; they can change it under Manage My Account"
        {...field('password')}
      />
    </Stack>
  );
}
