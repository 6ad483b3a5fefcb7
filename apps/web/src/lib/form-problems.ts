import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import { get } from 'react-hook-form';

/** What still stops a form from being sent: its fields left empty, and those filled wrongly. */
export interface FormProblems {
  empty: number;
  wrong: number;
}

const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** The paths of the messages in a resolver's errors, nested objects walked. */
function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, node]) => {
    if (!node || typeof node !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return 'message' in node && typeof node.message === 'string' ? [path] : errorPaths(node as FieldErrors, path);
  });
}

/**
 * Every field the form's rules refuse now, touched or not: its shown messages cover only
 * the fields already left, while a disabled submit button answers for all of them.
 */
export async function formProblems<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
): Promise<FormProblems> {
  const { resolver, context } = form.control._options;
  if (!resolver) return { empty: 0, wrong: 0 };
  const values = form.getValues();
  const result = await resolver(values, context, {
    fields: {},
    criteriaMode: 'firstError',
    shouldUseNativeValidation: false,
  });
  const paths = errorPaths(result.errors as FieldErrors);
  const empty = paths.filter((path) => isEmptyValue(get(values, path))).length;
  return { empty, wrong: paths.length - empty };
}

/** What a disabled submit button says of what is left: "Fill in the 2 required fields above". */
export function problemsSentence({ empty, wrong }: FormProblems): string {
  const total = empty + wrong;
  if (total === 0) return '';
  if (wrong === 0)
    return empty === 1 ? 'Fill in the required field above' : `Fill in the ${empty} required fields above`;
  const fields = total === 1 ? 'the field' : `the ${total} fields`;
  return empty === 0 ? `Correct ${fields} above` : `Fill in or correct ${fields} above`;
}
