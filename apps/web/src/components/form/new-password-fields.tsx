import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { bindFields } from './field';
import { PasswordField } from './password-field';
import { PasswordWithChecklist } from './password-with-checklist';

/** The fields every form that sets a password has; the schema checks them, the checklist guides. */
interface NewPassword extends FieldValues {
  password: string;
  confirmPassword: string;
}

/**
 * A new password, its live checklist of the strong-password rules, and its confirmation. Labels
 * name what is set ("New password", "Temporary password").
 */
export function NewPasswordFields<T extends NewPassword>({
  form,
  label = 'New password',
  confirmLabel = `Confirm the ${label.toLowerCase()}`,
  autoFocus,
}: {
  form: UseFormReturn<T>;
  label?: string;
  confirmLabel?: string;
  autoFocus?: boolean;
}) {
  // The two names exist on every T by the constraint; TypeScript cannot see through Path<T>.
  const passwordField = 'password' as Path<T>;
  const confirmField = 'confirmPassword' as Path<T>;
  const field = bindFields(form);
  return (
    <>
      <PasswordWithChecklist
        control={form.control}
        label={label}
        required
        autoFocus={autoFocus}
        {...field(passwordField)}
      />
      <PasswordField label={confirmLabel} autoComplete="new-password" required {...field(confirmField)} />
    </>
  );
}
