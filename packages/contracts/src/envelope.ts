import { z } from 'zod';
import './zod-messages.ts';

/** Every API answer carries `status` and `message` (product decision D3). */
export const StatusSchema = z.enum(['success', 'error']);

export const SuccessEnvelope = z.object({
  status: z.literal('success'),
  message: z.string(),
});

export const ErrorEnvelope = z.object({
  status: z.literal('error'),
  message: z.string(),
  /** Field name → the spec's message for that field. Present on 400 only. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type TErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Builds a success response schema: the envelope plus the operation's own fields. */
export function successWith<T extends z.ZodRawShape>(shape: T) {
  return SuccessEnvelope.extend(shape);
}
