import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * A form checked by a shared contract as every form of the portal is: a field when the person
 * leaves it, then as they correct it.
 */
export function useRulesForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues?: DefaultValues<z.input<Schema>>,
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    // The resolver's own typing cannot follow a schema known only as a type parameter.
    resolver: zodResolver(schema) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
    mode: 'onTouched',
    defaultValues,
  });
}
