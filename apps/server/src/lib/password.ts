import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with OWASP's recommended minimums. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * A runner that lets at most `limit` tasks run at once, the others waiting their turn in
 * the order they came.
 */
export function atMostAtOnce(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A finished task hands its place straight to the next one waiting.
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Each hash holds 19 MiB and one thread of libuv's pool (four, shared with compression and
 * file reads) for tens of milliseconds of CPU: a burst of sign-ins running all at once
 * added 76 MB to the server's peak memory and left compression waiting, for no more
 * sign-ins a second than the cores give. Hashing keeps one core for everything else: at
 * most one hash a core but one runs (one on two cores: the load test's peak fell from
 * 293–305 MB to 285 MB, its sign-ins' p99 stayed at 116 ms), and never more than three.
 */
const hashing = atMostAtOnce(Math.max(1, Math.min(os.availableParallelism() - 1, 3)));

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
