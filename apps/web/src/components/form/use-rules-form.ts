import { useMemo } from 'react';
import type { DefaultValues, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useCheckedForm } from './use-checked-form';

/**
 * A form checked by a shared contract as every form of the portal is (see `useCheckedForm`): a
 * field when the person leaves it, then as they correct it. `serverErrors` are the messages of the
 * same rules from a page's action, by field, shown from the first render: a form posted without
 * the page's script comes back with them.
 */
export function useRulesForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues?: DefaultValues<z.input<Schema>>,
  serverErrors?: Record<string, string> | null,
) {
  const errors = useMemo(
    () =>
      serverErrors
        ? // The names are the schema's own fields, which the form's values share.
          (Object.fromEntries(
            Object.entries(serverErrors).map(([name, message]) => [name, { type: 'server', message }]),
          ) as FieldErrors<z.input<Schema>>)
        : undefined,
    [serverErrors],
  );
  return useCheckedForm<z.input<Schema>, unknown, z.output<Schema>>({
    // The resolver's own typing cannot follow a schema known only as a type parameter.
    resolver: zodResolver(schema) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
    defaultValues,
    ...(errors ? { errors } : {}),
  });
}
