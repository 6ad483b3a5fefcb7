import { ApiError } from './api-client.ts';

/**
 * Whether a failed load is tried again: once, when the server or the network failed; never
 * when the server answered that the request itself was wrong or refused (4xx), which asking
 * again cannot change.
 */
export function retryLoad(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
