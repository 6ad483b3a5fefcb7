import { describe, expect, it } from 'vitest';
import { formatOperations, percentile, Recorder, slowOperations } from './stats.ts';

describe('percentile', () => {
  it('takes the nearest rank of the sorted samples', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('Recorder', () => {
  it('summarises each operation, reads first, and judges each p99 by its kind', () => {
    const recorder = new Recorder();
    for (let ms = 1; ms <= 100; ms++) recorder.ok('save draft', 'write', ms * 2);
    for (let ms = 1; ms <= 100; ms++) recorder.ok('category', 'read', ms);
    recorder.fail('category', 'read', 500, 'GET /api/category answered 503');
    recorder.wrong('order confirmation', 'not paid');

    const summary = recorder.summary(10);
    expect(summary.map((s) => [s.name, s.kind, s.count, s.errors, s.perSecond, s.p50, s.p99])).toEqual([
      ['category', 'read', 101, 1, 10.1, 51, 100],
      ['order confirmation', 'read', 0, 1, 0, Number.NaN, Number.NaN],
      ['save draft', 'write', 100, 0, 10, 100, 198],
    ]);
    expect(recorder.errors).toBe(2);
    expect(recorder.failures).toEqual(['category: GET /api/category answered 503', 'order confirmation: not paid']);
    // A read's p99 of 100 ms is not under its 100 ms target; a write's 198 ms is under 250 ms.
    expect(slowOperations(summary).map((s) => s.name)).toEqual(['category', 'order confirmation']);
    expect(formatOperations(summary).split('\n')).toEqual([
      'operation            kind  count  req/s  p50 ms   p99 ms  errors',
      'category             read    101   10.1    51.0  100.0 !       1',
      'order confirmation   read      0    0.0       -      - !       1',
      'save draft          write    100   10.0   100.0    198.0       0',
    ]);
  });
});
