import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type JobResult, PgBoss } from 'pg-boss';
import type { Executor } from '../../db/client.ts';
import { isDatabaseDown } from '../../lib/database-down.ts';

export type JobHandler<T> = (data: T) => Promise<void>;

export const QUEUES = {
  // One live job per message at most (pg-boss's 'exclusive' policy, keyed by the outbox id):
  // a new name, since a queue's policy is set when it is made.
  mail: 'mail-delivery',
  mailSweep: 'mail-sweep',
  paymentEvents: 'payment-events',
  paymentReminders: 'payment-reminders',
  paymentReconciliation: 'payment-reconciliation',
  orderRepricing: 'order-repricing',
} as const;

/**
 * A job that could not be done for now because a service it needs is out of reach (the SMTP
 * server): it is tried again, and its failure is logged as a warning, not as an error.
 */
export class TransientJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'TransientJobError';
  }
}

/** Queues whose jobs carry a singletonKey of which only one may be queued or running. */
const EXCLUSIVE: ReadonlySet<string> = new Set([QUEUES.mail]);

export interface JobQueueOptions {
  /** Seconds before a failed job is tried again, at a fixed delay instead of the doubling one (tests). */
  retryDelaySeconds?: number;
}

export interface SendOptions {
  /** No second job with this key while one is queued or running (exclusive queues). */
  singletonKey?: string;
  /** The transaction the job is written in: it exists exactly when that transaction commits. */
  db?: Db;
  /** Seconds before the job may start. */
  startAfterSeconds?: number;
}

/**
 * A drizzle transaction (or the database) as pg-boss's connection, so that a job sent with it
 * is written in that transaction: pg-boss's numbered parameters become drizzle's own.
 */
export function jobsIn(db: Executor): Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const query = sql.join(
        parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))),
      );
      const result = await db.execute(query);
      return { rows: result.rows };
    },
  };
}

/** Background jobs on pg-boss, in the application's own PostgreSQL database. */
export class JobQueue {
  #boss: PgBoss;
  #started = false;
  #options: JobQueueOptions;
  #log: FastifyBaseLogger;

  constructor(databaseUrl: string, log: FastifyBaseLogger, options: JobQueueOptions = {}) {
    this.#options = options;
    this.#log = log;
    this.#boss = new PgBoss({ connectionString: databaseUrl, max: 4, application_name: 'portal-jobs' });
    this.#boss.on('error', (error) => {
      // pg-boss retries on its own; a transient connection error must not end the process.
      this.#log.warn({ err: error }, 'the job queue met an error and carries on');
    });
  }

  async start(): Promise<void> {
    await this.#boss.start();
    const delay = this.#options.retryDelaySeconds;
    const retry = delay === undefined ? { retryDelay: 30, retryBackoff: true } : { retryDelay: delay };
    for (const name of Object.values(QUEUES)) {
      await this.#boss.createQueue(name, {
        retryLimit: 5,
        ...retry,
        ...(EXCLUSIVE.has(name) ? { policy: 'exclusive' } : {}),
      });
    }
    this.#started = true;
  }

  async send<T extends object>(queue: string, data: T, options: SendOptions = {}): Promise<void> {
    const { startAfterSeconds, ...rest } = options;
    await this.#boss.send(
      queue,
      data,
      startAfterSeconds === undefined ? rest : { ...rest, startAfter: startAfterSeconds },
    );
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
   * a second per server: under load the mail queue fell minutes behind.) A failed job is
   * logged as an error, unless it says it will succeed later (`TransientJobError`) or the
   * database is out of reach: warnings.
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
            // The database out of reach fails every job until it is back: one warning each, as for requests.
            const level = error instanceof TransientJobError || isDatabaseDown(error) ? 'warn' : 'error';
            this.#log[level]({ err: error, queue, job: job.id }, 'a job failed');
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
