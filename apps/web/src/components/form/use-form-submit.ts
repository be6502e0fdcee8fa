import { useState, type FormEvent } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { startSaving, useUnsavedChanges } from './unsaved-changes';

/**
 * Every form's submit: runs a react-hook-form form's `action` with its checked values and keeps
 * the error it failed with for the form's `ServerErrorAlert`, which shows every message the server
 * gave (docs/requirements.md §9); a new attempt clears the old one.
 *
 * With `warnUnsaved`, leaving the form while it holds changes not yet saved asks first
 * (`UnsavedChangesGuard`). Saving lets the form move on, and leaves it unchanged from what was saved.
 */
export function useFormSubmit<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  action: (values: TOutput) => Promise<void>,
  options: { warnUnsaved?: boolean } = {},
) {
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const unsaved = useUnsavedChanges(Boolean(options.warnUnsaved) && form.formState.isDirty && !saving);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // `action` may move on (to the saved record, say) before the next render.
    unsaved.release();
    setSaving(true);
    const responded = startSaving();
    let saved = false;
    try {
      await action(values);
      // An action may also refuse by marking a field (an email already used, say).
      saved = !hasErrorNow(form);
    } catch (error) {
      setFailure(error);
    } finally {
      responded();
      setSaving(false);
    }
    if (saved) form.reset(form.getValues());
    else if (options.warnUnsaved && isDirtyNow(form)) unsaved.hold();
  });
  return { failure, onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}

/** The fields' names, and the form's own (`root`) for errors that belong to no field. */
function namesOf<TValues extends FieldValues, TOutput>(form: UseFormReturn<TValues, unknown, TOutput>) {
  return ['root', ...Object.keys(form.getValues())] as Array<FieldPath<TValues>>;
}

// `formState` is the last render's; `getFieldState` reads the form as it is, after the action.
function hasErrorNow<TValues extends FieldValues, TOutput>(form: UseFormReturn<TValues, unknown, TOutput>) {
  return namesOf(form).some((name) => form.getFieldState(name).invalid);
}

function isDirtyNow<TValues extends FieldValues, TOutput>(form: UseFormReturn<TValues, unknown, TOutput>) {
  return namesOf(form).some((name) => form.getFieldState(name).isDirty);
}
