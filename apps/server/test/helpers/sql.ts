import pg from 'pg';

/**
 * Runs SQL over a connection of its own, as another server process or an operator would,
 * so the app learns of the change only through the database.
 */
export async function sqlFromOutside(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
