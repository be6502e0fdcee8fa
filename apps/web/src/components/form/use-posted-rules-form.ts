import type { FormEvent } from 'react';
import { useNavigation, useSubmit } from 'react-router';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useRulesForm } from './use-rules-form';

/**
 * A rules form (see `useRulesForm`) that the router posts to the page's action: the rules run in
 * the browser first, then the form goes as it is; `sending` holds while it does.
 */
export function usePostedRulesForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues?: DefaultValues<z.input<Schema>>,
  serverErrors?: Record<string, string> | null,
) {
  const submit = useSubmit();
  const sending = useNavigation().formData !== undefined;
  const form = useRulesForm(schema, defaultValues, serverErrors);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    void form.handleSubmit(() => submit(element))(event);
  };
  return { form, sending, onSubmit };
}
