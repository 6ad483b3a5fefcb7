import { describe, expect, it } from 'vitest';
import { containsUnstorableText, isStorableText, unstorableTextPaths } from './storable-text.ts';

describe('isStorableText', () => {
  it('accepts ordinary text, accents, emoji and other scripts', () => {
    for (const text of ['', 'Hillsborough County', 'Crème brûlée', 'Planner 📘', '東京', 'tab\tand\nnewline']) {
      expect(isStorableText(text)).toBe(true);
    }
  });

  it('refuses a NUL character and half a surrogate pair', () => {
    for (const text of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '📘'.slice(0, 1)]) {
      expect(isStorableText(text)).toBe(false);
    }
  });
});

describe('unstorableTextPaths', () => {
  it('finds each bad string by its path in nested objects and arrays', () => {
    const found = unstorableTextPaths({
      search: 'ok',
      brands: ['fine', 'bad\u0000'],
      nested: { deep: '\ud800', count: 3, flag: true, none: null },
    });
    expect(found).toEqual([
      ['brands', 1],
      ['nested', 'deep'],
    ]);
  });

  it('reports a bad key where it stands', () => {
    expect(unstorableTextPaths({ 'a\u0000': 'x' })).toEqual([['_']]);
    expect(unstorableTextPaths({ outer: { '\ud800': 1 } })).toEqual([['outer']]);
  });

  it('finds nothing in clean values', () => {
    expect(unstorableTextPaths({ a: 'b', c: [1, 'd'] })).toEqual([]);
    expect(unstorableTextPaths(undefined)).toEqual([]);
  });
});

describe('containsUnstorableText', () => {
  it('agrees with unstorableTextPaths on clean and bad values, keys included', () => {
    for (const value of [
      'ok',
      { a: 'b', c: [1, 'd', { e: null }] },
      'a\u0000',
      { list: ['x', '\ud800'] },
      { 'k\u0000': 1 },
      [[['deep\u0000']]],
      undefined,
      42,
    ]) {
      expect(containsUnstorableText(value)).toBe(unstorableTextPaths(value).length > 0);
    }
  });
});
