export interface BatcherOptions<TItem> {
  /** The most items one batch takes. */
  maxItems: number;
  /** Batches running at once. */
  concurrency: number;
  /**
   * Items with the same key never share a batch nor run at the same time: a later one
   * waits for the earlier to finish, so they take effect in the order they came.
   */
  keyOf?: (item: TItem) => string | number;
}

interface Waiting<TItem, TResult> {
  item: TItem;
  resolve: (result: TResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs many small calls as few large ones. An item that arrives while there is room runs
 * at once, alone; those that arrive while every slot is busy wait and go together in the
 * next batch. Under light load nothing waits, and under heavy load one statement serves
 * many requests: fewer round trips and fewer commits for the same work.
 *
 * `run` answers one result per item, in the items' order. When a batch of several fails,
 * each of its items is run again on its own, so that one item's failure is only its own.
 */
export class Batcher<TItem, TResult> {
  readonly #run: (items: TItem[]) => Promise<TResult[]>;
  readonly #options: BatcherOptions<TItem>;
  #waiting: Waiting<TItem, TResult>[] = [];
  #running = 0;
  readonly #busyKeys = new Set<string | number>();

  constructor(run: (items: TItem[]) => Promise<TResult[]>, options: BatcherOptions<TItem>) {
    this.#run = run;
    this.#options = options;
  }

  run(item: TItem): Promise<TResult> {
    return new Promise<TResult>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      this.#pump();
    });
  }

  #pump(): void {
    while (this.#running < this.#options.concurrency && this.#waiting.length > 0) {
      const batch = this.#take();
      if (batch.length === 0) return;
      this.#running++;
      void this.#execute(batch).finally(() => {
        this.#running--;
        if (this.#options.keyOf) for (const w of batch) this.#busyKeys.delete(this.#options.keyOf(w.item));
        this.#pump();
      });
    }
  }

  /** The next batch, in arrival order; an item whose key is busy or already taken stays for later. */
  #take(): Waiting<TItem, TResult>[] {
    const { keyOf, maxItems } = this.#options;
    if (!keyOf) return this.#waiting.splice(0, maxItems);
    const batch: Waiting<TItem, TResult>[] = [];
    const rest: Waiting<TItem, TResult>[] = [];
    const blocked = new Set<string | number>();
    for (const w of this.#waiting) {
      const key = keyOf(w.item);
      if (batch.length < maxItems && !this.#busyKeys.has(key) && !blocked.has(key)) {
        this.#busyKeys.add(key);
        batch.push(w);
      } else {
        rest.push(w);
      }
      // Whatever comes after an item that waits, with its key, waits behind it.
      blocked.add(key);
    }
    this.#waiting = rest;
    return batch;
  }

  async #execute(batch: Waiting<TItem, TResult>[]): Promise<void> {
    try {
      const results = await this.#run(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        w.resolve(results[i] as TResult);
      });
    } catch (error) {
      if (batch.length === 1) return batch[0]?.reject(error);
      await Promise.all(
        batch.map(async (w) => {
          try {
            const [result] = await this.#run([w.item]);
            w.resolve(result as TResult);
          } catch (alone) {
            w.reject(alone);
          }
        }),
      );
    }
  }
}
