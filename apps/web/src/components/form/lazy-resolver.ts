import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose rules are loaded at the form's first check instead of with its page: the
 * sign-in page then renders without zod's code, which arrives while the person types. A load that
 * fails is tried again at the next check.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> {
  let loading: Promise<Resolver<Input, Context, Output>> | null = null;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    const resolver = await loading;
    return resolver(values, context, options);
  };
}
