import type { ComponentProps } from 'react';
import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';

/**
 * A password being chosen, the form's field `name`, with the live checklist of the strong-password
 * rules under it.
 */
export function PasswordWithChecklist<T extends FieldValues, C, O>({
  control,
  name,
  ...props
}: ComponentProps<typeof PasswordField> & { control: Control<T, C, O>; name: FieldPath<T> }) {
  const password = useWatch({ control, name }) as string | undefined;
  return (
    <>
      <PasswordField autoComplete="new-password" {...props} name={name} />
      <PasswordChecklist value={password ?? ''} />
    </>
  );
}
