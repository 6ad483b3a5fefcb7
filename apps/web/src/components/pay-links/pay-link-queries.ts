import { ApiError } from '../../lib/api-client.ts';

/** An unknown or expired link (4xx) is an answer: asking again would not change it. */
const retryOnce = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/**
 * How every pay-link page reads the server. In the browser only (`perVisitor`): the server
 * renders these pages once per address and keeps them, and what is left to pay changes with
 * every payment.
 */
export const payLinkQueryOptions = { retry: retryOnce, staleTime: 0, meta: { perVisitor: true } } as const;
