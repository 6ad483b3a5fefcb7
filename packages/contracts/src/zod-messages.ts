import { z } from 'zod';
import { MSG, numberTooBig, numberTooSmall, tooLong, tooShort } from './messages.ts';

/**
 * The words for an issue that no field rule words itself. Every field the spec names has
 * its own messages in fields.ts, which zod always prefers; this map is the safety net
 * that keeps zod's own English (and its "expected …" jargon) from ever reaching a person
 * or an API client, for instance from a schema added later without messages.
 */
export function fallbackMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? MSG.required : MSG.invalidValue;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? MSG.required : tooShort(Number(issue.minimum));
      if (issue.origin === 'number' || issue.origin === 'int') return numberTooSmall(Number(issue.minimum));
      return MSG.invalidValue;
    case 'too_big':
      if (issue.origin === 'string') return tooLong(Number(issue.maximum));
      if (issue.origin === 'number' || issue.origin === 'int') return numberTooBig(Number(issue.maximum));
      return MSG.invalidValue;
    case 'invalid_format':
      return issue.format === 'email' ? MSG.invalidEmail : MSG.invalidValue;
    default:
      return MSG.invalidValue;
  }
}

// Installed by every module that builds schemas, so that no import order can skip it.
z.config({ customError: fallbackMessage });
