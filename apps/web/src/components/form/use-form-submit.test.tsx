import { act, renderHook, waitFor } from '@testing-library/react';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorMessagesOf } from '../../lib/api-error';
import { hasUnsavedChanges } from './unsaved-changes';
import { useFormSubmit } from './use-form-submit';

const submitEvent = () => ({ preventDefault() {}, persist() {} }) as unknown as FormEvent<HTMLFormElement>;

function renderForm(action: (form: ReturnType<typeof useForm<{ email: string }>>) => Promise<void>) {
  return renderHook(() => {
    const form = useForm<{ email: string }>({ defaultValues: { email: '' } });
    const submit = useFormSubmit(form, () => action(form), { warnUnsaved: true });
    return { form, submit };
  });
}

describe('useFormSubmit with warnUnsaved', () => {
  it('counts the form as saved once the action succeeds', async () => {
    const { result } = renderForm(async () => undefined);
    act(() => result.current.form.setValue('email', 'new@example.com', { shouldDirty: true }));
    expect(hasUnsavedChanges()).toBe(true);
    act(() => result.current.submit.onSubmit(submitEvent()));
    await waitFor(() => expect(result.current.form.formState.isDirty).toBe(false));
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('keeps the changes and a field error an action set instead of saving', async () => {
    const { result } = renderForm(async (form) => {
      form.setError('email', { message: 'Another queued row has this email address' });
    });
    act(() => result.current.form.setValue('email', 'taken@example.com', { shouldDirty: true }));
    act(() => result.current.submit.onSubmit(submitEvent()));
    const message = () => result.current.form.getFieldState('email').error?.message;
    await waitFor(() => expect(message()).toBe('Another queued row has this email address'));
    // And it stays: the form is not reset after the action.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(message()).toBe('Another queued row has this email address');
    expect(result.current.form.getValues('email')).toBe('taken@example.com');
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('keeps the changes when the server refuses them', async () => {
    const { result } = renderForm(async () => {
      throw new Error('The server could not be reached.');
    });
    act(() => result.current.form.setValue('email', 'kept@example.com', { shouldDirty: true }));
    act(() => result.current.submit.onSubmit(submitEvent()));
    await waitFor(() =>
      expect(errorMessagesOf(result.current.submit.failure)).toEqual(['The server could not be reached.']),
    );
    expect(result.current.form.formState.isDirty).toBe(true);
    expect(hasUnsavedChanges()).toBe(true);
  });
});
