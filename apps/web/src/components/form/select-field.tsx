import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Select, type SelectProps } from '@mantine/core';

/**
 * A select bound to a form field, showing the field's message under it. No choice is '' in the form,
 * or null when `nullable`; `error` is said when the field has no message of its own.
 */
export function SelectField<T extends FieldValues, C, O>({
  control,
  name,
  nullable = false,
  error,
  ...props
}: Omit<SelectProps, 'value' | 'onChange' | 'onBlur' | 'name'> & {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  nullable?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? (nullable ? null : ''))}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? error}
        />
      )}
    />
  );
}
