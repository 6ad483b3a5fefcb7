/** Rows a background walk (reconciliation, reminders) reads and works through at a time. */
export const BACKGROUND_STEP = 200;

/**
 * A walk over rows by id, `size` at a time, each step a query of its own: work over a whole
 * table (a sweep, a reconciliation, a repricing) never holds more than one step in memory,
 * nor, when each step is its own transaction, more than one step's row locks. `read` answers
 * the rows past `afterId` in id order, at most `size`.
 */
export async function* stepsById<T extends { id: number }>(
  read: (afterId: number, size: number) => Promise<T[]>,
  size: number,
): AsyncGenerator<T[]> {
  let afterId = 0;
  for (;;) {
    const step = await read(afterId, size);
    if (step.length > 0) yield step;
    const last = step[step.length - 1];
    if (step.length < size || !last) return;
    afterId = last.id;
  }
}
