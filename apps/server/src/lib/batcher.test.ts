import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

/** A run whose batches finish only when the test says so, recording what each one took. */
function controlledRun<T>(answer: (item: T) => string = String) {
  const batches: T[][] = [];
  const finish: Array<() => void> = [];
  const run = (items: T[]) =>
    new Promise<string[]>((resolve) => {
      batches.push(items);
      finish.push(() => resolve(items.map(answer)));
    });
  return { batches, finish, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('runs an item at once when there is room, and those that arrive meanwhile together next', async () => {
    const { batches, finish, run } = controlledRun<number>();
    const batcher = new Batcher(run, { maxItems: 10, concurrency: 1 });
    const first = batcher.run(1);
    const later = [2, 3, 4].map((n) => batcher.run(n));
    expect(batches).toEqual([[1]]);
    finish[0]?.();
    expect(await first).toBe('1');
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    finish[1]?.();
    expect(await Promise.all(later)).toEqual(['2', '3', '4']);
  });

  it('takes no more than maxItems in one batch, and runs up to `concurrency` batches at once', async () => {
    const { batches, finish, run } = controlledRun<number>();
    const batcher = new Batcher(run, { maxItems: 2, concurrency: 2 });
    const all = [1, 2, 3, 4, 5, 6].map((n) => batcher.run(n));
    expect(batches).toEqual([[1], [2]]);
    finish[0]?.();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    finish[1]?.();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4], [5, 6]]);
    finish[2]?.();
    finish[3]?.();
    expect(await Promise.all(all)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('never puts two items with one key in a batch, nor runs them at once, and keeps their order', async () => {
    const { batches, finish, run } = controlledRun<{ id: number; v: string }>((i) => i.v);
    const batcher = new Batcher(run, { maxItems: 10, concurrency: 2, keyOf: (i) => i.id });
    const a1 = batcher.run({ id: 1, v: 'a1' });
    const rest = [
      batcher.run({ id: 1, v: 'a2' }),
      batcher.run({ id: 2, v: 'b1' }),
      batcher.run({ id: 1, v: 'a3' }),
      batcher.run({ id: 3, v: 'c1' }),
    ];
    const taken = () => batches.map((b) => b.map((i) => i.v));
    // The second slot takes what is free: not order 1, which is being written.
    expect(taken()).toEqual([['a1'], ['b1']]);
    finish[0]?.();
    await a1;
    await tick();
    // a3 waits behind a2, which has its key.
    expect(taken()).toEqual([['a1'], ['b1'], ['a2', 'c1']]);
    finish[1]?.();
    await tick();
    expect(taken()).toHaveLength(3);
    finish[2]?.();
    await tick();
    expect(taken().at(-1)).toEqual(['a3']);
    finish[3]?.();
    expect(await Promise.all(rest)).toEqual(['a2', 'b1', 'a3', 'c1']);
  });

  it("keeps one item's failure its own: a failed batch is run again item by item", async () => {
    const runs: number[][] = [];
    let gate: () => void = () => {};
    const opened = new Promise<void>((resolve) => {
      gate = resolve;
    });
    const batcher = new Batcher(
      async (items: number[]) => {
        runs.push(items);
        if (items[0] === 0) await opened;
        if (items.includes(13)) throw new Error('unlucky');
        return items.map((n) => n * 2);
      },
      { maxItems: 10, concurrency: 1 },
    );
    const first = batcher.run(0);
    const outcomes = [12, 13, 14].map((n) =>
      batcher.run(n).then(
        (v) => v,
        (e: Error) => e.message,
      ),
    );
    gate();
    expect(await first).toBe(0);
    expect(await Promise.all(outcomes)).toEqual([24, 'unlucky', 28]);
    expect(runs).toEqual([[0], [12, 13, 14], [12], [13], [14]]);
  });

  it('rejects a lone failing item with its own error and goes on with the next', async () => {
    const batcher = new Batcher(
      async (items: string[]) => {
        if (items.includes('bad')) throw new Error('refused');
        return items;
      },
      { maxItems: 5, concurrency: 1 },
    );
    await expect(batcher.run('bad')).rejects.toThrow('refused');
    await expect(batcher.run('good')).resolves.toBe('good');
  });
});
