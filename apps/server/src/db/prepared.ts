/**
 * A query that runs on every request of a busy path, built once per database: drizzle
 * writes its SQL once and PostgreSQL plans it once per connection, instead of both on
 * every call. Values come in as `sql.placeholder(...)`.
 *
 * Each is a named prepared statement (node-postgres sends its name in the protocol's
 * Parse message), kept by the connection it was prepared on: a pooler between the server
 * and PostgreSQL must keep sessions (PgBouncer's `pool_mode = session`), as the change
 * feed's LISTEN and the startup lock need anyway (decision 023, README's Deploying).
 */
export function preparedFor<TDb extends object, TQuery>(build: (db: TDb) => TQuery): (db: TDb) => TQuery {
  const built = new WeakMap<TDb, TQuery>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
