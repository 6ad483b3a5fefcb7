/**
 * A query that runs on every request of a busy path, built once per database: drizzle
 * writes its SQL once and PostgreSQL plans it once per connection, instead of both on
 * every call. Values come in as `sql.placeholder(...)`.
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
