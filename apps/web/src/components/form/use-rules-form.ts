import type { DefaultValues, FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useCheckedForm } from './use-checked-form';

/**
 * A form checked by a shared contract as every form of the portal is (see `useCheckedForm`): a
 * field when the person leaves it, then as they correct it.
 */
export function useRulesForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues?: DefaultValues<z.input<Schema>>,
) {
  return useCheckedForm<z.input<Schema>, unknown, z.output<Schema>>({
    // The resolver's own typing cannot follow a schema known only as a type parameter.
    resolver: zodResolver(schema) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
    defaultValues,
  });
}
