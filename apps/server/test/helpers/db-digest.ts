import { sqlFromOutside } from './sql.ts';
import type { TestApp } from './test-app.ts';

/**
 * A digest of the database: each table's row count and a hash of its rows, so that a test
 * can prove a run of refused requests changed nothing. `ignore` leaves tables out whole
 * (`schema.table`, or `schema.*`), `ignoreColumns` leaves columns out of a table's hash.
 */
export interface DigestOptions {
  ignore?: string[];
  ignoreColumns?: Record<string, string[]>;
}

export async function databaseDigest(t: TestApp, options: DigestOptions = {}): Promise<Record<string, string>> {
  const ignore = new Set(options.ignore ?? []);
  const tables = await sqlFromOutside(
    t.database.url,
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  const parts: string[] = [];
  for (const { schema, name } of tables.rows as { schema: string; name: string }[]) {
    const key = `${schema}.${name}`;
    if (ignore.has(key) || ignore.has(`${schema}.*`)) continue;
    const dropped = (options.ignoreColumns?.[key] ?? []).map((c) => ` - '${c}'`).join('');
    parts.push(
      `select '${key}' as key, count(*)::text || ' rows ' || coalesce(md5(string_agg(r, ',' order by r)), '-') as digest
         from (select (to_jsonb(x)${dropped})::text as r from "${schema}"."${name}" x) rows`,
    );
  }
  const result = await sqlFromOutside(t.database.url, parts.join('\nunion all\n'));
  return Object.fromEntries((result.rows as { key: string; digest: string }[]).map((row) => [row.key, row.digest]));
}
