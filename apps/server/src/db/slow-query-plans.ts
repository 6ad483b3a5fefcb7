import type pg from 'pg';

/** What is told of a slow query: how long it took, its statement, and its plan as it ran again. */
export interface SlowQuery {
  ms: number;
  sql: string;
  plan: string[];
}

export interface SlowQueryPlanOptions {
  /** A read that takes at least this many milliseconds is explained. */
  thresholdMs: number;
  log: (slow: SlowQuery) => void;
  /** Statements explained at most, each once: a server left running does not explain for ever. */
  maxStatements?: number;
}

type Query = (...args: unknown[]) => unknown;

const textOf = (config: unknown): string | undefined =>
  typeof config === 'string'
    ? config
    : typeof config === 'object' && config !== null && 'text' in config && typeof config.text === 'string'
      ? config.text
      : undefined;

const valuesOf = (args: unknown[]): unknown[] | undefined => {
  const [config, values] = args;
  if (Array.isArray(values)) return values;
  if (typeof config === 'object' && config !== null && 'values' in config && Array.isArray(config.values))
    return config.values;
  return undefined;
};

/** A read only: EXPLAIN ANALYZE runs the statement again, which a write must never be. */
const READ = /^\s*(select|with)\b/i;
const WRITES = /\b(insert|update|delete|merge)\b/i;

/**
 * Every string in the plan (a filter's e-mail, a session's token hash, a search's words)
 * written as '…': the plan says how the rows were found, not whose they were.
 */
export const withoutValues = (line: string) => line.replace(/'(?:[^']|'')*'/g, "'…'");

/**
 * Tells the plan of every read that takes at least `thresholdMs`, as PostgreSQL runs it again
 * at once (`EXPLAIN (ANALYZE, BUFFERS)`, the values it was given bound), each statement once:
 * for the benchmark on a region's year and for an operator who turns it on to see where time
 * goes (`SLOW_QUERY_PLAN_MS`). The query's own answer is untouched and never waits for it.
 */
export function explainSlowQueries(pool: pg.Pool, options: SlowQueryPlanOptions): void {
  const maxStatements = options.maxStatements ?? 200;
  const explained = new Set<string>();
  const explain = (sql: string, values: unknown[] | undefined, ms: number) => {
    explained.add(sql);
    pool.query<Record<string, string>>({ text: `explain (analyze, buffers) ${sql}`, values: values ?? [] }).then(
      (result) => options.log({ ms, sql, plan: result.rows.map((row) => withoutValues(Object.values(row)[0] ?? '')) }),
      // A statement that cannot be run again alone (one inside a transaction's own state) is left unexplained.
      () => {},
    );
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const timed: Query = (...args) => {
      const sql = textOf(args[0]);
      if (!sql || !READ.test(sql) || WRITES.test(sql) || explained.has(sql) || explained.size >= maxStatements) {
        return query(...args);
      }
      const started = performance.now();
      const answered = () => {
        const ms = performance.now() - started;
        if (ms >= options.thresholdMs && !explained.has(sql)) explain(sql, valuesOf(args), ms);
      };
      // The pool hands its clients a callback; drizzle's own clients await a promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: unknown, result: unknown) => {
          if (!error) answered();
          return (callback as (e: unknown, r: unknown) => unknown)(error, result);
        };
        return query(...args);
      }
      const answer = query(...args);
      if (answer instanceof Promise) answer.then(answered, () => {});
      return answer;
    };
    client.query = timed as typeof client.query;
  });
}
