import { useState, type FormEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { errorMessageOf } from '../../lib/api-error';
import { useUnsavedChanges } from './unsaved-changes';

/**
 * Submits a react-hook-form form through `action` and keeps the server's refusal (its first
 * message, SPEC.md section 8) for the form to show; a new attempt clears the old one.
 *
 * With `warnUnsaved`, leaving the form while it holds changes not yet saved asks first
 * (`UnsavedChangesGuard`). Saving lets the form move on, and leaves it unchanged from what was saved.
 */
export function useFormSubmit<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  action: (values: TOutput) => Promise<void>,
  options: { warnUnsaved?: boolean } = {},
) {
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const unsaved = useUnsavedChanges(Boolean(options.warnUnsaved) && form.formState.isDirty && !saving);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // `action` may move on (to the saved record, say) before the next render.
    unsaved.release();
    setSaving(true);
    try {
      await action(values);
      form.reset(form.getValues());
    } catch (error) {
      setFailure(errorMessageOf(error));
    } finally {
      setSaving(false);
    }
  });
  return { failure, onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}
