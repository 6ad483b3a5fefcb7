import { z } from 'zod';
import { successWith } from './envelope.ts';

export const HealthResponse = successWith({ uptime_s: z.number() });
export const ReadyResponse = successWith({
  database: z.literal('up'),
  /** Where this server keeps files: a bucket every server shares, or a folder of its own. */
  storage: z.enum(['bucket', 'folder']),
  /** The servers that have said they are running on this database in the last half minute, this one included. */
  servers: z.number().int(),
});
