import type { AuditEntity, TAuditEntry } from '@portal/contracts/admin';
import type { Executor } from '../../db/client.ts';
import { listAuditLog } from './list-audit-log.ts';

/**
 * A record's own history, newest first (the audit log's first page for it); without an id,
 * the whole kind's. Sales reps read histories too: the addresses stay in the audit log.
 */
export async function recordHistory(db: Executor, entity: AuditEntity, id?: number | string): Promise<TAuditEntry[]> {
  const log = await listAuditLog(db, { entity, entityId: id === undefined ? undefined : String(id), page: 1 });
  return log.entries.map(({ ip: _ip, ...entry }) => entry);
}
