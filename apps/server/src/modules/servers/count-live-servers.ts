import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { server_instances } from '../../db/schema/index.ts';
import { LIVE_SECONDS } from './server-heartbeat.ts';

/**
 * The servers seen on this database in the last `LIVE_SECONDS`, this one included, and how
 * many of them keep their files somewhere else than `filesAt`.
 */
export async function countLiveServers(db: Database, filesAt: string): Promise<{ live: number; elsewhere: number }> {
  const [row] = await db
    .select({
      live: sql<number>`count(*)::int`,
      elsewhere: sql<number>`(count(*) filter (where ${server_instances.files_at} <> ${filesAt}))::int`,
    })
    .from(server_instances)
    .where(sql`${server_instances.seen_at} > now() - make_interval(secs => ${LIVE_SECONDS})`);
  return { live: row?.live ?? 0, elsewhere: row?.elsewhere ?? 0 };
}
