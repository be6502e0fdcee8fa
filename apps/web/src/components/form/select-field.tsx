import '@mantine/core/styles/Combobox.css';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Select, type SelectProps } from '@mantine/core';

/**
 * A select bound to a form field, showing the field's message under it. No choice is '' in the form,
 * or null when `nullable`; `error` is said when the field has no message of its own. A field that
 * holds other than the choice's text says how it reads as a choice (`format`) and back (`parse`).
 */
export function SelectField<T extends FieldValues, C, O>({
  control,
  name,
  nullable = false,
  format = (value) => (value as string | undefined) || null,
  parse = (choice) => choice ?? (nullable ? null : ''),
  error,
  ...props
}: Omit<SelectProps, 'value' | 'onChange' | 'onBlur' | 'name'> & {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  nullable?: boolean;
  format?: (value: unknown) => string | null;
  parse?: (choice: string | null) => unknown;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          value={format(field.value)}
          onChange={(choice) => field.onChange(parse(choice))}
          onBlur={field.onBlur}
          error={fieldState.error?.message || error}
        />
      )}
    />
  );
}
