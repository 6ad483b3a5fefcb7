import { randomBytes } from 'node:crypto';

/**
 * Request ids, unique across processes and restarts: a random prefix drawn when the
 * process starts, then a counter, shaped like a UUID (8-4-4-4-12 hex) so that log tools
 * that expect one accept it. Ids need to be unique, not secret, and this costs a small
 * fraction of a random UUID per request.
 */
export function requestIdGenerator(): () => string {
  const hex = randomBytes(10).toString('hex');
  const prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-`;
  let counter = 0;
  return () => {
    counter = (counter + 1) % 0x1000000000000;
    return prefix + counter.toString(16).padStart(12, '0');
  };
}
