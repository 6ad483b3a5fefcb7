import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { countLiveServers } from '../servers/count-live-servers.ts';
import { filePlace } from '../servers/server-heartbeat.ts';

/**
 * Whether this server should take requests: the database answers, and it does not keep
 * files in a folder the other servers on the database cannot read (decision 023), where a
 * file uploaded through one server would be missing from the others. Servers on one
 * machine sharing one folder (or this server restarted after a crash, its old row not yet
 * stale) read the same files and are no reason to refuse.
 */
export async function checkReadiness(ctx: Pick<AppContext, 'db' | 'config'>) {
  const place = filePlace(ctx.config);
  let counted: { live: number; elsewhere: number };
  try {
    counted = await countLiveServers(ctx.db, place.filesAt);
  } catch {
    throw new AppError(503, MSG.databaseUnavailable);
  }
  if (place.storage === 'folder' && counted.elsewhere > 0) throw new AppError(503, MSG.serversShareFolder);
  // This server counts itself even before its first heartbeat is written.
  return { database: 'up' as const, storage: place.storage, servers: Math.max(1, counted.live) };
}
