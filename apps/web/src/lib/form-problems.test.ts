import { zodResolver } from '@hookform/resolvers/zod';
import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formProblems, problemsSentence } from './form-problems.ts';

const Fields = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  phone: z.string().regex(/^\d{10}$/, 'Enter a 10-digit phone number'),
  contact: z.object({ email: z.email('Enter a valid e-mail address') }),
});
type Values = z.input<typeof Fields>;

/** Only what `formProblems` reads of a form: its resolver and its values. */
const formWith = (values: Values) =>
  ({
    control: { _options: { resolver: zodResolver(Fields) } },
    getValues: () => values,
  }) as unknown as UseFormReturn<Values, unknown, unknown>;

describe('formProblems', () => {
  it('counts every field the rules refuse, touched or not, empty apart from wrong', async () => {
    expect(await formProblems(formWith({ name: ' ', phone: '', contact: { email: 'nope' } }))).toEqual({
      empty: 2,
      wrong: 1,
    });
    expect(await formProblems(formWith({ name: 'Ann', phone: '8135550142', contact: { email: 'a@b.co' } }))).toEqual({
      empty: 0,
      wrong: 0,
    });
  });
});

describe('problemsSentence', () => {
  it('says what is left, in words for one field or several', () => {
    expect(problemsSentence({ empty: 2, wrong: 0 })).toBe('Fill in the 2 required fields above');
    expect(problemsSentence({ empty: 1, wrong: 0 })).toBe('Fill in the required field above');
    expect(problemsSentence({ empty: 0, wrong: 1 })).toBe('Correct the field above');
    expect(problemsSentence({ empty: 0, wrong: 3 })).toBe('Correct the 3 fields above');
    expect(problemsSentence({ empty: 1, wrong: 2 })).toBe('Fill in or correct the 3 fields above');
    expect(problemsSentence({ empty: 0, wrong: 0 })).toBe('');
  });
});
