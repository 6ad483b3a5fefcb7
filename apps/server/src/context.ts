import type { TStatesResponse } from '@portal/contracts/geography';
import type { TContentPage } from '@portal/contracts/pages';
import type { TPublicSettings } from '@portal/contracts/settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AnswerCache } from './lib/answer-cache.ts';
import type { CachedMap, CachedValue, ChangeFeed } from './lib/change-feed.ts';
import type { PreparedBody } from './lib/prepared-body.ts';
import type { FileStorage } from './lib/storage/file-storage.ts';
import type { SessionCache } from './modules/auth/session-cache.ts';
import type { CategoryRow } from './modules/catalogue/get-categories.ts';
import type { JobQueue } from './modules/jobs/job-queue.ts';
import type { OrderSnapshots } from './modules/orders/order-snapshots.ts';
import type { PaymentGateway } from './modules/payments/gateway.ts';

/** What every route and job can reach: built once at boot, passed down explicitly. */
export interface AppContext {
  config: Config;
  /** The server's log: the jobs write to it, and each request's logger is a child of it. */
  log: FastifyBaseLogger;
  /** Today, as the rules that depend on the date see it (the 1 May cut-off, D12); tests set their own. */
  clock: () => Date;
  db: Database;
  /**
   * The same database on two connections whose commits do not wait for the disk: for the
   * reservation form's drafts, which the school's next keystroke replaces.
   */
  draftDb: Database;
  feed: ChangeFeed;
  jobs: JobQueue;
  /** Every stored file: the catalogue's pictures and overviews, the schools' uploads. */
  storage: FileStorage;
  /** Stripe, or the built-in test gateway outside production (D13). */
  gateway: PaymentGateway;
  cache: {
    pages: CachedValue<Map<number, TContentPage>>;
    /** The `page` answer of each content page, already serialised (and compressed once asked for). */
    pageJson: CachedValue<Map<number, PreparedBody>>;
    settings: CachedValue<TPublicSettings>;
    states: CachedValue<Pick<TStatesResponse, 'states' | 'counties'>>;
    categories: CachedValue<CategoryRow[]>;
    /** Serialised catalogue answers (listings, product pages) by query, compressed once asked for. */
    listings: CachedMap<PreparedBody>;
    /** Sessions resolved in the last minute, by token hash. */
    sessions: SessionCache;
    /** What each school's last save of its reservation form left its order as (a save then needs no read first). */
    orderSnapshots: OrderSnapshots;
    /** The sponsors' list answers by sponsor, year and page, serialised (and compressed once asked for). */
    sponsorshipLists: AnswerCache;
    /** The schools' lists of their orders by school, year, page and day, serialised (and compressed once asked for). */
    schoolOrderLists: AnswerCache;
    /** The back office's lists, reports and start page, by operation, query, staff scope and day (`staff-answers.ts`). */
    staffAnswers: AnswerCache;
  };
}
