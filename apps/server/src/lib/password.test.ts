import { describe, expect, it } from 'vitest';
import { atMostAtOnce, hashPassword, verifyPassword } from './password.ts';

describe('atMostAtOnce', () => {
  it('runs at most its limit of tasks at once, the others in the order they came, and goes on after a failure', async () => {
    const run = atMostAtOnce(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (n: number) => () => {
      started.push(n);
      now++;
      most = Math.max(most, now);
      return new Promise<number>((resolve, reject) => {
        releases[n] = () => {
          now--;
          if (n === 1) reject(new Error('task 1 failed'));
          else resolve(n * 10);
        };
      });
    };
    const results = [0, 1, 2, 3, 4].map((n) => run(task(n)).catch((error: Error) => error.message));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    releases[1]?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const n of [0, 2, 3, 4]) {
      releases[n]?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results)).toEqual([0, 'task 1 failed', 20, 30, 40]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });
});

describe('hashPassword and verifyPassword', () => {
  it('verify the password hashed, and refuse another, however many run at once', async () => {
    const stored = await hashPassword('correct horse');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => verifyPassword(stored, i % 2 ? 'correct horse' : 'wrong horse')),
    );
    expect(answers).toEqual([false, true, false, true, false, true]);
    expect(await verifyPassword('not a hash', 'correct horse')).toBe(false);
  });
});
