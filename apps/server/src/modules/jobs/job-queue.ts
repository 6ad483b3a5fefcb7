import { type JobResult, PgBoss } from 'pg-boss';

export type JobHandler<T> = (data: T) => Promise<void>;

export const QUEUES = { mail: 'mail', paymentEvents: 'payment-events', paymentReminders: 'payment-reminders' } as const;

/** Background jobs on pg-boss, in the application's own PostgreSQL database. */
export class JobQueue {
  #boss: PgBoss;
  #started = false;

  constructor(databaseUrl: string) {
    this.#boss = new PgBoss({ connectionString: databaseUrl, max: 4, application_name: 'portal-jobs' });
    this.#boss.on('error', () => {
      // pg-boss retries on its own; a transient connection error must not end the process.
    });
  }

  async start(): Promise<void> {
    await this.#boss.start();
    for (const name of Object.values(QUEUES)) {
      await this.#boss.createQueue(name, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
    }
    this.#started = true;
  }

  async send<T extends object>(queue: string, data: T): Promise<void> {
    await this.#boss.send(queue, data);
  }

  /**
   * Runs a queue's job on a cron schedule (UTC): pg-boss keeps one schedule per name in the
   * database and only one of the servers sends each occurrence.
   */
  async schedule<T extends object>(queue: string, cron: string, data: T): Promise<void> {
    await this.#boss.schedule(queue, cron, data, { tz: 'UTC', missed: 'once' });
  }

  /**
   * Runs `handler` for each job of the queue. Up to ten jobs are fetched at a time and, while
   * fetches come back full, fetched again at once; each job is settled on its own, so one
   * that fails is retried alone. (One job a fetch, every half second, moved at most two jobs
   * a second per server: under load the mail queue fell minutes behind.)
   */
  async work<T>(queue: string, handler: JobHandler<T>): Promise<void> {
    await this.#boss.work<T>(
      queue,
      { pollingIntervalSeconds: 0.5, batchSize: 10, burstWhenBatchFull: true, perJobResults: true },
      async (jobs) => {
        const results: JobResult[] = [];
        for (const job of jobs) {
          try {
            await handler(job.data);
            results.push({ id: job.id, status: 'completed' });
          } catch (error) {
            results.push({
              id: job.id,
              status: 'failed',
              output: { message: String((error as Error)?.message ?? error) },
            });
          }
        }
        return results;
      },
    );
  }

  async stop(): Promise<void> {
    if (this.#started) await this.#boss.stop({ graceful: true, timeout: 10_000 });
  }
}
