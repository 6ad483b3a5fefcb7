import type { AuditEntity } from '@portal/contracts/admin';
import type { Executor } from '../../db/client.ts';
import { audit_log } from '../../db/schema/index.ts';

type Fields = Record<string, unknown>;

export interface Change {
  /** Who made it: a staff member, a school or a sponsor; null for the system itself. */
  actorId: number | null;
  /** What was done, in a word or two: 'create', 'update', 'status', 'approve', 'pay-offline'… */
  action: string;
  entity: AuditEntity;
  entityId: string | number;
  /** The record's fields before the change (none for a record created). */
  before?: Fields | null;
  /** Its fields after (none for a record deleted). */
  after?: Fields | null;
  ip?: string | undefined;
}

/** A value as JSON keeps it: dates as ISO text, undefined as null. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/** The fields that differ, as they were and as they are. */
function difference(before: Fields, after: Fields): { before: Fields; after: Fields } {
  const was: Fields = {};
  const is: Fields = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[key], after[key])) continue;
    was[key] = plain(before[key]);
    is[key] = plain(after[key]);
  }
  return { before: was, after: is };
}

/** A record's values of the fields a change sets: what `before` is for an update of `after`. */
export function fieldsBefore(row: object, after: Fields): Fields {
  return Object.fromEntries(Object.keys(after).map((key) => [key, (row as Fields)[key]]));
}

const plainFields = (fields: Fields) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, plain(v)]));

/**
 * Writes one change to the audit log, in the transaction that makes the change, so that
 * both commit or neither does. An update keeps only the fields that changed; an update
 * that changed nothing writes nothing. The log is append-only: the database refuses to
 * change or remove a row of it.
 */
export async function recordChange(tx: Executor, change: Change): Promise<void> {
  await recordChanges(tx, [change]);
}

/** The audit row of a change; none for an update that changed nothing. */
function rowOf(change: Change): typeof audit_log.$inferInsert | undefined {
  let before = change.before ? plainFields(change.before) : null;
  let after = change.after ? plainFields(change.after) : null;
  if (before && after) {
    ({ before, after } = difference(before, after));
    if (Object.keys(after).length === 0) return undefined;
  }
  return {
    actor_user_id: change.actorId,
    action: change.action,
    entity: change.entity,
    entity_id: String(change.entityId),
    changes: { before, after },
    ip: change.ip ?? null,
  };
}

/** Rows written to the log by one statement: a thousand stay well inside a statement's parameters. */
const ROWS_PER_INSERT = 1_000;

/** Writes many changes as recordChange writes one, a thousand rows to a statement (a batch of orders repriced). */
export async function recordChanges(tx: Executor, changes: readonly Change[]): Promise<void> {
  const rows = changes.flatMap((change) => rowOf(change) ?? []);
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await tx.insert(audit_log).values(rows.slice(i, i + ROWS_PER_INSERT));
  }
}
