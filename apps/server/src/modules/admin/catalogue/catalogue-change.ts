import type { AppContext } from '../../../context.ts';
import { conflict } from '../../../lib/errors.ts';

/** The catalogue's tables whose answers the public site caches (boot.ts). */
export type CatalogueTable = 'categories' | 'products' | 'product_images';

/**
 * After a change has committed: this process drops its cached catalogue answers at once,
 * without waiting for the trigger's notice, which tells the other processes.
 */
export function catalogueChanged(ctx: AppContext, ...tables: CatalogueTable[]): void {
  for (const table of tables) ctx.feed.touch(table);
}

/** Whether an error is PostgreSQL's unique violation, as drizzle passes it on. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Two saves of one slug at once: the loser is told as if it had been checked first. */
export async function withSlugCheck<T>(work: () => Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message, field);
    throw error;
  }
}

/** The version a form was opened with is no longer the record's: someone saved meanwhile. */
export function checkVersion(sent: string | undefined, current: Date, message: string): void {
  if (sent && sent !== current.toISOString()) throw conflict(message);
}
