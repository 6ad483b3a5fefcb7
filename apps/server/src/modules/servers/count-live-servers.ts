import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { server_instances } from '../../db/schema/index.ts';
import { LIVE_SECONDS } from './server-heartbeat.ts';

/** The servers seen on this database in the last `LIVE_SECONDS`, this one included. */
export async function countLiveServers(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(server_instances)
    .where(sql`${server_instances.seen_at} > now() - make_interval(secs => ${LIVE_SECONDS})`);
  return row?.n ?? 0;
}
