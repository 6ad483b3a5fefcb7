import { describe, expect, it } from 'vitest';
import { requestIdGenerator } from './request-id.ts';

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdGenerator', () => {
  it('gives ids shaped like a UUID, never the same twice', () => {
    const next = requestIdGenerator();
    const ids = Array.from({ length: 10_000 }, next);
    for (const id of ids.slice(0, 5)) expect(id).toMatch(UUID_SHAPE);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('starts each process (each generator) from its own random prefix', () => {
    const a = requestIdGenerator()();
    const b = requestIdGenerator()();
    expect(a.slice(0, 24)).not.toBe(b.slice(0, 24));
  });
});
