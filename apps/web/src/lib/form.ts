import { useEffect, useState } from 'react';
import type { FieldErrors, FieldValues, Path, Resolver, ResolverError, UseFormReturn } from 'react-hook-form';
import { get } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * What every form of the spec shares (§5): errors appear once a field is touched, then
 * follow each change; `isValid` is kept up to date so that submit can be disabled.
 */
export const FORM_MODE = { mode: 'onTouched', reValidateMode: 'onChange' } as const;

/** Props for a Mantine input registered with the form: the ref, the handlers and its error. */
export function fieldProps<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, name: Path<T>) {
  const message = (get(form.formState.errors, name) as { message?: unknown } | undefined)?.message;
  return { ...form.register(name), error: typeof message === 'string' ? message : undefined };
}

const sameValues = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => Object.is(a[key], b[key]));

/**
 * What a form's layout depends on, read from its values by `derive` (a function that
 * stays the same): the component re-renders when one of these changes, not on every key
 * typed into any field, as reading `watch()` while rendering would make it.
 */
export function useFormDerived<T extends FieldValues, D extends Record<string, unknown>>(
  form: UseFormReturn<T, unknown, unknown>,
  derive: (values: T) => D,
): D {
  const [derived, setDerived] = useState(() => derive(form.getValues()));
  useEffect(() => {
    const update = () =>
      setDerived((previous) => {
        const next = derive(form.getValues());
        return sameValues(previous, next) ? previous : next;
      });
    const subscription = form.watch(update);
    // Whatever changed between the first render and this subscription.
    update();
    return () => subscription.unsubscribe();
  }, [form, derive]);
  return derived;
}

/**
 * Puts the server's field messages (400 `errors`, D3) under the fields they belong to, so
 * that a rule only the server can check reads like the others.
 */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  error: unknown,
  fields: readonly string[],
) {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.errors)) {
    if (fields.includes(field)) form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
  }
}

/**
 * Adds a verdict the schema cannot give (an e-mail already in use) to a resolver. The
 * verdict must also flip `isValid`, which errors set with `setError` never do.
 */
export function withFieldVerdict<TValues extends FieldValues, TOutput>(
  resolver: Resolver<TValues, unknown, TOutput>,
  field: Path<TValues>,
  verdictFor: (value: string) => string | null,
): Resolver<TValues, unknown, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const value = String(get(values, field) ?? '');
    const verdict = get(result.errors, field) ? null : verdictFor(value);
    if (!verdict) return result;
    const errors = { ...result.errors, [field]: { type: 'verdict', message: verdict } } as FieldErrors<TValues>;
    return { values: {}, errors } satisfies ResolverError<TValues>;
  };
}
