import { z } from 'zod';
import { successWith } from './envelope.ts';

/** GET /api/states: every state, and each state's counties by state name. */
export const StatesResponse = successWith({
  states: z.array(z.object({ state_name: z.string(), state_code: z.string() })),
  counties: z.record(z.string(), z.array(z.string())),
});
export type TStatesResponse = z.infer<typeof StatesResponse>;

/** GET /api/salesreps */
export const SalesRepsResponse = successWith({
  salesreps: z.array(z.object({ user_id: z.number().int(), user_fname: z.string(), user_lname: z.string() })),
});
export type TSalesRepsResponse = z.infer<typeof SalesRepsResponse>;
