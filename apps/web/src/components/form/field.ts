import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';

/**
 * Binds a form's inputs: `{...field('email')}` registers the input and passes the field's message
 * as its error, so every form shows its rule messages the same way (once touched, or after a submit).
 */
export function bindFields<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>) {
  return (name: FieldPath<T>, options?: RegisterOptions<T, FieldPath<T>>) => ({
    ...form.register(name, options),
    error: form.getFieldState(name, form.formState).error?.message,
  });
}
