import { describe, expect, it } from 'vitest';
import { sponsorshipListKey } from '../modules/sponsorships/sponsorship-list-cache.ts';
import { AnswerCache } from './answer-cache.ts';
import { ChangeFeed } from './change-feed.ts';
import { PreparedBody } from './prepared-body.ts';

const TABLES = ['sponsorships', 'sponsorship_items'];
const key = (sponsorId: number, page = 1) => `sponsor:${sponsorId}:${page}`;
const body = (text: string) => new PreparedBody(text);

describe('AnswerCache', () => {
  it('keeps an answer per key, and reads each once', async () => {
    const cache = new AnswerCache(new ChangeFeed(), TABLES);
    let reads = 0;
    const load = (text: string) => async () => {
      reads++;
      return body(text);
    };
    const one = await cache.get(key(1), load('one'));
    expect(cache.get(key(1), load('other'))).toBe(one);
    expect((await cache.get(key(2), load('two'))).identity).toBe('two');
    expect(reads).toBe(2);
  });

  it('names each sponsor, year, page and this year apart in a sponsor list key', () => {
    const k = { sponsorId: 1, year: undefined, page: 1, thisYear: 2026 };
    const keys = [k, { ...k, sponsorId: 11 }, { ...k, year: 2025 }, { ...k, page: 2 }, { ...k, thisYear: 2027 }];
    expect(new Set(keys.map(sponsorshipListKey)).size).toBe(keys.length);
  });

  it('keeps nothing while the feed has lost its connection, a change made here meanwhile included', async () => {
    const feed = new ChangeFeed();
    const cache = new AnswerCache(feed, TABLES);
    await cache.get(key(1), async () => body('before'));
    feed.touchAll('lost');
    expect(cache.size).toBe(0);
    await cache.get(key(1), async () => body('while away'));
    expect(cache.size).toBe(0);
    feed.touch('sponsorships');
    await cache.get(key(1), async () => body('still away'));
    expect(cache.size).toBe(0);
  });

  it('shares one read among the requests that come while it is made', async () => {
    const cache = new AnswerCache(new ChangeFeed(), TABLES);
    let reads = 0;
    const load = async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return body('answer');
    };
    const [a, b] = await Promise.all([cache.get(key(1), load), cache.get(key(1), load)]);
    expect(a).toBe(b);
    expect(reads).toBe(1);
  });

  it('drops everything when a table it shows changes, and keeps no answer read before the change', async () => {
    const feed = new ChangeFeed();
    const cache = new AnswerCache(feed, TABLES);
    await cache.get(key(1), async () => body('old'));
    feed.touch('sponsorship_items');
    expect(cache.size).toBe(0);

    let finish: (b: PreparedBody) => void = () => {};
    const reading = cache.get(key(1), () => new Promise<PreparedBody>((resolve) => (finish = resolve)));
    feed.touch('sponsorships');
    finish(body('read before the change'));
    expect((await reading).identity).toBe('read before the change');
    expect(cache.size).toBe(0);
    expect((await cache.get(key(1), async () => body('new'))).identity).toBe('new');
  });

  it('does not keep a read that failed', async () => {
    const cache = new AnswerCache(new ChangeFeed(), TABLES);
    await expect(cache.get(key(1), () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get(key(1), async () => body('up'))).identity).toBe('up');
  });

  it('drops the oldest answers beyond its entries or its bytes', async () => {
    const cache = new AnswerCache(new ChangeFeed(), TABLES, { maxEntries: 3, maxBytes: 10_000 });
    for (let sponsor = 1; sponsor <= 4; sponsor++) await cache.get(key(sponsor), async () => body(`s${sponsor}`));
    expect(cache.size).toBe(3);
    let reread = false;
    await cache.get(key(1), async () => {
      reread = true;
      return body('s1 again');
    });
    expect(reread).toBe(true);

    const big = new AnswerCache(new ChangeFeed(), TABLES, { maxEntries: 100, maxBytes: 10_000 });
    for (let sponsor = 1; sponsor <= 4; sponsor++) {
      await big.get(key(sponsor), async () => body('x'.repeat(4_000)));
    }
    expect(big.size).toBe(2);
    expect(big.bytes).toBe(8_000);
    // Answers larger than all it may hold are sent, not kept.
    expect((await big.get(key(9), async () => body('y'.repeat(20_000)))).identity).toHaveLength(20_000);
    expect(big.size).toBe(2);
  });
});
