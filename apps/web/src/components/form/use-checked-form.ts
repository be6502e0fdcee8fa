import { useMemo, useState } from 'react';
import {
  get,
  useForm,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type ResolverResult,
  type UseFormProps,
} from 'react-hook-form';

/**
 * A form checked as every form of the portal is: a field when the person leaves it, then as they
 * correct it. A field left empty says nothing until the first submit: moving through a form with
 * Tab, or opening it and looking around, is not a mistake.
 */
export function useCheckedForm<TValues extends FieldValues, TContext = unknown, TOutput = TValues>(
  props: UseFormProps<TValues, TContext, TOutput> & { resolver: Resolver<TValues, TContext, TOutput> },
) {
  // Set as a submit starts, before the rules run, so that it asks for every empty required field.
  const [attempt] = useState(() => ({ submitted: false }));
  const form = useForm<TValues, TContext, TOutput>({
    ...props,
    mode: 'onTouched',
    resolver: quietWhileEmpty(props.resolver, () => attempt.submitted),
  });
  // The same form, whose submit first notes that a submit was tried. RHF's form object stays the
  // same from render to render (its formState read afresh), so a proxy keeps that true.
  return useMemo(() => {
    const handleSubmit: typeof form.handleSubmit = (onValid, onInvalid) => {
      const submit = form.handleSubmit(onValid, onInvalid);
      return (event) => {
        attempt.submitted = true;
        return submit(event);
      };
    };
    return new Proxy(form, {
      get: (target, key, receiver) =>
        key === 'handleSubmit' ? handleSubmit : (Reflect.get(target, key, receiver) as unknown),
    });
  }, [form, attempt]);
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/**
 * The resolver, except that checking one field (as the person leaves or changes it) finds nothing
 * wrong with it while it is empty, until a submit has been tried. A whole-form check (a submit)
 * is unchanged.
 */
function quietWhileEmpty<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
  submitted: () => boolean,
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const names = options.names ?? [];
    if (submitted() || names.length !== 1 || !isEmpty(get(values, names[0]!))) return result;
    const errors = withoutPath(result.errors, names[0]!.split('.'));
    return { values: {}, errors } as ResolverResult<TValues, TOutput>;
  };
}

/** The errors without the one at `path`, copying only the objects on the way to it. */
function withoutPath<T extends FieldValues>(errors: FieldErrors<T>, path: string[]): FieldErrors<T> {
  const [head, ...rest] = path;
  if (head === undefined || !(head in errors)) return errors;
  const copy: Record<string, unknown> = { ...errors };
  const inner = copy[head] as FieldErrors<FieldValues> | undefined;
  const kept = rest.length === 0 || !inner ? undefined : withoutPath(inner, rest);
  if (kept && Object.keys(kept).length > 0) copy[head] = kept;
  else delete copy[head];
  return copy as FieldErrors<T>;
}
