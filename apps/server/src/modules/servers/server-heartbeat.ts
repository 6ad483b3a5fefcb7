import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { server_instances } from '../../db/schema/index.ts';
import { uploadsDir } from '../../lib/storage/create-file-storage.ts';

/** How often a running server writes that it is still running. */
export const HEARTBEAT_MS = 10_000;
/** A server not seen for this long has stopped (or cannot reach the database) and is not counted. */
export const LIVE_SECONDS = 30;
/** Rows of servers gone this long are deleted when a server starts. */
const FORGET_AFTER = sql`interval '1 day'`;

export type StorageKind = 'bucket' | 'folder';

/** Where a server keeps the files it stores. */
export interface FilePlace {
  storage: StorageKind;
  /** The bucket (`s3://name@endpoint`) or the host's folder (`host:/path`): servers with the same place share their files. */
  filesAt: string;
}

export function filePlace(config: Config): FilePlace {
  if (config.s3) {
    return {
      storage: 'bucket',
      filesAt: `s3://${config.s3.bucket}${config.s3.endpoint ? `@${config.s3.endpoint}` : ''}`,
    };
  }
  return { storage: 'folder', filesAt: `${os.hostname()}:${uploadsDir(config)}` };
}

export interface ServerHeartbeat {
  /** This server's row in `server_instances`. */
  id: string;
  /** Stops writing and deletes this server's row, so that it is not counted once gone. */
  stop(): Promise<void>;
}

/**
 * Writes this server's row in `server_instances` now, and again every `HEARTBEAT_MS`, so
 * that every server can tell how many share the database (decision 023). One small upsert
 * per server every ten seconds; a write that fails (the database away) is tried again at
 * the next beat.
 */
export async function startServerHeartbeat(
  db: Database,
  place: FilePlace,
  { intervalMs = HEARTBEAT_MS }: { intervalMs?: number } = {},
): Promise<ServerHeartbeat> {
  const id = randomUUID();
  const host = os.hostname();
  const beat = () =>
    db
      .insert(server_instances)
      .values({ id, host, storage: place.storage, files_at: place.filesAt })
      .onConflictDoUpdate({ target: server_instances.id, set: { seen_at: sql`now()` } });

  await db.delete(server_instances).where(sql`${server_instances.seen_at} < now() - ${FORGET_AFTER}`);
  await beat();

  let beating: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    beating ??= beat()
      .catch(() => {})
      .finally(() => {
        beating = undefined;
      });
  }, intervalMs);
  timer.unref();

  return {
    id,
    async stop() {
      clearInterval(timer);
      await beating;
      await db
        .delete(server_instances)
        .where(eq(server_instances.id, id))
        .catch(() => {});
    },
  };
}
