import { z } from 'zod';
import { MSG } from './messages.ts';

/**
 * A key a form makes once and sends with every try of the same submission, so that a
 * doubled or retried send is stored and answered once (the calls that e-mail staff).
 */
export const idempotencyKey = () =>
  z
    .string({ error: MSG.invalidInput })
    .regex(/^[A-Za-z0-9_-]{16,100}$/, MSG.invalidInput)
    .optional();
