import { PgBoss } from 'pg-boss';

export type JobHandler<T> = (data: T) => Promise<void>;

export const QUEUES = {
  mail: 'mail',
  paymentEvents: 'payment-events',
  paymentReminders: 'payment-reminders',
  paymentReconciliation: 'payment-reconciliation',
} as const;

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

  async work<T>(queue: string, handler: JobHandler<T>): Promise<void> {
    await this.#boss.work<T>(queue, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
      if (job) await handler(job.data);
    });
  }

  async stop(): Promise<void> {
    if (this.#started) await this.#boss.stop({ graceful: true, timeout: 10_000 });
  }
}
