import { z } from 'zod';
import { successWith } from './envelope.ts';

export const HealthResponse = successWith({ uptime_s: z.number() });
export const ReadyResponse = successWith({ database: z.literal('up') });
