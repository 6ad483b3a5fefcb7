import { expect } from 'vitest';
import { encodeCursor } from '../../src/lib/paging.ts';

/** What a list's page gives a walk through it: its rows' ids, and the cursor of the page after. */
export interface ListPage {
  ids: number[];
  next: string | null;
}

/** Every numbered page of a list, from the first to the first that is not full: its rows' ids in order. */
export async function idsByNumber(read: (page: number) => Promise<ListPage>, pageSize: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const answer = await read(page);
    ids.push(...answer.ids);
    if (answer.ids.length < pageSize) return ids;
  }
}

/**
 * A list walked by cursor from its first page to its last, as "Next" does: the first page's
 * ids and every id shown. `meanwhile` runs once, after the first page: rows written while
 * staff page through.
 */
export async function idsByCursor(
  read: (after: string | undefined) => Promise<ListPage>,
  meanwhile?: () => Promise<unknown>,
): Promise<{ first: number[]; seen: number[] }> {
  const first = await read(undefined);
  expect(first.next).toEqual(expect.any(String));
  await meanwhile?.();
  const seen = [...first.ids];
  let next = first.next;
  while (next) {
    const page = await read(next);
    expect(page.ids.length).toBeGreaterThan(0);
    seen.push(...page.ids);
    next = page.next;
  }
  return { first: first.ids, seen };
}

/**
 * What a walk by cursor must show: every row once; the rows there before it began in their
 * order; and after its first page exactly the rows the list's order puts past that page's
 * last row now (those written meanwhile where they belong, none before it, none twice).
 */
export function expectWalked(walk: { first: number[]; seen: number[] }, before: number[], now: number[]) {
  const { first, seen } = walk;
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen.filter((id) => before.includes(id))).toEqual(before);
  const last = first.at(-1) ?? 0;
  expect(now).toContain(last);
  expect(seen).toEqual([...first, ...now.slice(now.indexOf(last) + 1)]);
}

/** A cursor as this server makes one, naming a row by a sort value and an id it may not hold. */
export const forgedCursor = (value: string, id: number) => encodeCursor({ value, id });
