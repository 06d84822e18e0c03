import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

function clockAt(start: number) {
  const clock = { now: start };
  return { clock, now: () => clock.now };
}

describe('AnswerCache', () => {
  it('keeps an answer for its time to live, then loads it again', async () => {
    const { clock, now } = clockAt(1_000);
    const cache = new AnswerCache<string>({ ttlMs: 500, maxEntries: 10, now });
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(await cache.get('cairo', load)).toBe('answer 1');
    clock.now += 499;
    expect(await cache.get('cairo', load)).toBe('answer 1');
    clock.now += 1;
    expect(await cache.get('cairo', load)).toBe('answer 2');
  });

  it('counts the time to live from when the answer arrived, not from when it was asked for', async () => {
    const { clock, now } = clockAt(0);
    const cache = new AnswerCache<string>({ ttlMs: 100, maxEntries: 10, now });
    let arrive: (value: string) => void = () => undefined;
    const slow = cache.get('slow', () => new Promise<string>((resolve) => (arrive = resolve)));
    clock.now = 1_000;
    arrive('late');
    expect(await slow).toBe('late');
    clock.now = 1_099;
    expect(await cache.get('slow', async () => 'again')).toBe('late');
  });

  it('shares one load among callers asking at once', async () => {
    const cache = new AnswerCache<number>({ ttlMs: 1_000, maxEntries: 10 });
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([
      1, 1, 1,
    ]);
    expect(loads).toBe(1);
  });

  it('keeps no failure: the next caller loads again', async () => {
    const cache = new AnswerCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    await expect(cache.get('k', async () => Promise.reject(new Error('busy')))).rejects.toThrow('busy');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => 'fine')).toBe('fine');
  });

  it('holds at most maxEntries, the least recently used going first', async () => {
    const cache = new AnswerCache<string>({ ttlMs: 1_000, maxEntries: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2'); // a is used again: b is now the oldest
    await cache.get('c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });
});
