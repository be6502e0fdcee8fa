import { useState, type FormEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { errorMessageOf } from '../../lib/api-error';

/**
 * Submits a react-hook-form form through `action` and keeps the server's refusal (its first
 * message, SPEC.md section 8) for the form to show; a new attempt clears the old one.
 */
export function useFormSubmit<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  action: (values: TOutput) => Promise<void>,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await action(values);
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  });
  return { failure, onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}
