import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { prepareAppRole } from './db/app-role.ts';
import { createDatabase, type Database } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations, withStartupLock } from './db/migrate.ts';
import { explainSlowQueries } from './db/slow-query-plans.ts';
import { AnswerCache } from './lib/answer-cache.ts';
import { CachedMap, CachedValue, ChangeFeed } from './lib/change-feed.ts';
import type { PreparedBody } from './lib/prepared-body.ts';
import { prepareJson } from './lib/raw-json.ts';
import { createFileStorage } from './lib/storage/create-file-storage.ts';
import { BACK_OFFICE_TABLES } from './modules/admin/back-office-tables.ts';
import { workOrderRepricing } from './modules/admin/cost-sheets/save-cost-sheet.ts';
import { SessionCache } from './modules/auth/session-cache.ts';
import { getCategories } from './modules/catalogue/get-categories.ts';
import { accountAttachments } from './modules/invoices/mail-attachments.ts';
import { JobQueue, QUEUES } from './modules/jobs/job-queue.ts';
import { createTransport, deliverMail } from './modules/mail/deliver-mail.ts';
import { workOutboxSweep } from './modules/mail/sweep-outbox.ts';
import { SCHOOL_ORDER_LIST_TABLES } from './modules/orders/list-school-orders.ts';
import { orderPayments } from './modules/orders/order-payments.ts';
import { OrderSnapshots } from './modules/orders/order-snapshots.ts';
import { getContentPages } from './modules/pages/get-content-pages.ts';
import { createGateway } from './modules/payments/create-gateway.ts';
import type { PaymentGateway } from './modules/payments/gateway.ts';
import { workGatewayEvents } from './modules/payments/handle-gateway-event.ts';
import { registerPaymentKind } from './modules/payments/payment-kinds.ts';
import { workPaymentReconciliation } from './modules/payments/reconcile-payments.ts';
import { getStates } from './modules/reference/get-states.ts';
import { workPaymentReminders } from './modules/reminders/work-payment-reminders.ts';
import { filePlace, type ServerHeartbeat, startServerHeartbeat } from './modules/servers/server-heartbeat.ts';
import { getSettings } from './modules/settings/get-settings.ts';
import { SPONSORSHIP_LIST_TABLES } from './modules/sponsorships/sponsorship-list-cache.ts';
import { sponsorshipPayments } from './modules/sponsorships/sponsorship-payments.ts';
import { seedDemo, seedReferenceData } from './seed/seed.ts';

export interface Booted {
  ctx: AppContext;
  /** True when this start filled an empty database with the demo. */
  seeded: boolean;
  /** Stops the heartbeat, the job queue, the change feed, the pool and (if embedded) PostgreSQL. */
  shutdown(): Promise<void>;
}

/** Tables whose change drops the cached catalogue answers. */
const CATALOGUE_TABLES = ['categories', 'products', 'product_images'];

/** The in-memory caches, each dropped when one of its tables changes. */
export function createCaches(db: Database, feed: ChangeFeed): AppContext['cache'] {
  const pages = new CachedValue(feed, ['content_pages'], () => getContentPages(db));
  return {
    pages,
    // The `page` answers, made from the pages above (dropped together with them).
    pageJson: new CachedValue(feed, ['content_pages'], async () => {
      const all = await pages.get();
      return new Map([...all].map(([id, page]) => [id, prepareJson({ status: 'success', message: 'ok', ...page })]));
    }),
    settings: new CachedValue(feed, ['site_settings'], () => getSettings(db)),
    states: new CachedValue(feed, ['states', 'counties'], () => getStates(db)),
    categories: new CachedValue(feed, CATALOGUE_TABLES, () => getCategories(db)),
    listings: new CachedMap<PreparedBody>(feed, CATALOGUE_TABLES),
    sessions: new SessionCache(feed),
    orderSnapshots: new OrderSnapshots(feed),
    sponsorshipLists: new AnswerCache(feed, SPONSORSHIP_LIST_TABLES),
    schoolOrderLists: new AnswerCache(feed, SCHOOL_ORDER_LIST_TABLES),
    staffAnswers: new AnswerCache(feed, BACK_OFFICE_TABLES),
  };
}

export interface BootOptions {
  log?: (line: string) => void;
  /** Where the server's log lines go (at the configuration's level); standard output if left out. */
  logStream?: DestinationStream;
  /** Lines always worth telling: the embedded database stopped unexpectedly, is started again, is back. */
  warn?: (line: string) => void;
  /** Run the background workers (mail, payment events, reminders, reconciliation); on by default. */
  workers?: boolean;
  /** The payment gateway to use instead of the one the configuration chooses (tests). */
  gateway?: (db: Database) => PaymentGateway;
  /** The date the order rules see instead of the system's (tests). */
  clock?: () => Date;
  /** Seconds between a failed job's tries, fixed, instead of the doubling delay from 30 s (tests). */
  jobRetryDelaySeconds?: number;
}

/** Everything the server needs before it listens: database, schema, seed, caches, jobs. */
export async function boot(config: Config, options: BootOptions = {}): Promise<Booted> {
  const log = options.log ?? (() => {});
  const logger: FastifyBaseLogger = pino({ level: config.logLevel }, options.logStream);
  const storage = await createFileStorage(config);
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    // Supervised: if it stops unasked it is started again, until `shutdown` stops it.
    embedded = await startEmbeddedPostgres(config.dataDir, {
      log: (line) => log(`postgres: ${line}`),
      warn: options.warn ?? ((line) => process.stderr.write(`${line}\n`)),
    });
    url = embedded.url;
  }
  // The owner's connection migrates and seeds; the app's pools connect as the app's role.
  const owner = createDatabase(url, { max: 2 });
  let appUrl: string;
  let seeded: boolean;
  try {
    ({ appUrl, seeded } = await withStartupLock(owner, async () => {
      await runMigrations(owner);
      await seedReferenceData(owner);
      const seeded = config.seedDemo ? await seedDemo(owner, storage) : false;
      const client = await owner.$client.connect();
      try {
        return { appUrl: await prepareAppRole(client, url, config.databaseAppUrl), seeded };
      } finally {
        client.release();
      }
    }));
  } catch (error) {
    await owner.$client.end().catch(() => {});
    await embedded?.stop();
    storage.close();
    throw error;
  }
  await owner.$client.end();
  const db = createDatabase(appUrl);
  if (config.slowQueryPlanMs !== undefined) {
    explainSlowQueries(db.$client, {
      thresholdMs: config.slowQueryPlanMs,
      log: (slow) => logger.info({ slowQuery: slow }, 'slow query plan'),
    });
  }
  const draftDb = createDatabase(appUrl, { max: 2, commitWithoutWaiting: true });
  const feed = new ChangeFeed(appUrl);
  // The job queue keeps its own schema, which it changes as queues are made: it connects as the owner.
  const jobs = new JobQueue(
    url,
    logger,
    options.jobRetryDelaySeconds === undefined ? {} : { retryDelaySeconds: options.jobRetryDelaySeconds },
  );
  let heartbeat: ServerHeartbeat | undefined;
  const stopAll = async () => {
    await heartbeat?.stop();
    await jobs.stop().catch(() => {});
    await feed.close();
    await db.$client.end().catch(() => {});
    await draftDb.$client.end().catch(() => {});
    await embedded?.stop();
    storage.close();
  };

  try {
    await feed.start();
    await jobs.start();
    heartbeat = await startServerHeartbeat(db, filePlace(config));

    const gateway = options.gateway?.(db) ?? (await createGateway(config, db));
    // What each kind of payment pays hears of it through these (the payment domain knows none of them).
    registerPaymentKind('order', orderPayments(config.publicUrl));
    registerPaymentKind('sponsorship', sponsorshipPayments(config.publicUrl));
    registerPaymentKind('bulk', sponsorshipPayments(config.publicUrl));
    const ctx: AppContext = {
      config,
      log: logger,
      clock: options.clock ?? (() => new Date()),
      db,
      draftDb,
      feed,
      jobs,
      gateway,
      storage,
      cache: createCaches(db, feed),
    };

    if (options.workers !== false) {
      const transport = createTransport(config.smtpUrl);
      await jobs.work<{ id: number }>(QUEUES.mail, (data) =>
        deliverMail(ctx, transport, data.id, accountAttachments(ctx)),
      );
      await workOutboxSweep(ctx);
      await workGatewayEvents(ctx);
      await workPaymentReminders(ctx);
      await workPaymentReconciliation(ctx);
      await workOrderRepricing(ctx);
    }
    return { ctx, seeded, shutdown: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
