import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { countLiveServers } from '../servers/count-live-servers.ts';
import { storageKind } from '../servers/server-heartbeat.ts';

/**
 * Whether this server should take requests: the database answers, and it does not keep
 * files in a folder of its own while other servers share the database (decision 023), where
 * a file uploaded through one server would be missing from the others.
 */
export async function checkReadiness(ctx: Pick<AppContext, 'db' | 'config'>) {
  let servers: number;
  try {
    // This server counts itself even before its first heartbeat is written.
    servers = Math.max(1, await countLiveServers(ctx.db));
  } catch {
    throw new AppError(503, MSG.databaseUnavailable);
  }
  const storage = storageKind(ctx.config);
  if (storage === 'folder' && servers > 1) throw new AppError(503, MSG.serversShareFolder);
  return { database: 'up' as const, storage, servers };
}
