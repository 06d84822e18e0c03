import { describe, expect, it } from 'vitest';
import { KeyedBuckets, TokenBucket } from './token-bucket.ts';

function fakeClock() {
  const clock = { now: 0 };
  const sleep = async (ms: number) => {
    clock.now += ms;
  };
  return { clock, read: () => clock.now, sleep };
}

describe('token bucket', () => {
  it('lets a second of burst through at once, then one token every 1/rate seconds', async () => {
    const { read, sleep, clock } = fakeClock();
    const bucket = new TokenBucket(30, undefined, read);
    for (let index = 0; index < 30; index += 1) await bucket.take(sleep);
    expect(clock.now).toBe(0);
    for (let index = 0; index < 30; index += 1) await bucket.take(sleep);
    // 30 more at 30 a second
    expect(clock.now).toBeGreaterThanOrEqual(990);
    expect(clock.now).toBeLessThanOrEqual(1040);
  });

  it('waits out a pause (a 429 retry_after) before the next token', async () => {
    const { read, sleep, clock } = fakeClock();
    const bucket = new TokenBucket(80, undefined, read);
    await bucket.take(sleep);
    bucket.pause(5000);
    expect(bucket.tryTake()).toBe(false);
    await bucket.take(sleep);
    expect(clock.now).toBeGreaterThanOrEqual(5000);
  });

  it('takes several tokens at once, never more than its burst', async () => {
    const { read, sleep, clock } = fakeClock();
    const bucket = new TokenBucket(100, undefined, read);
    await bucket.take(sleep, 100);
    expect(clock.now).toBe(0);
    await bucket.take(sleep, 500);
    // asked for 500, takes the burst of 100: one second
    expect(clock.now).toBe(1000);
  });

  it('keeps one bucket per chat: one message a second to each', async () => {
    const { read, sleep, clock } = fakeClock();
    const chats = new KeyedBuckets(1, read);
    await chats.of('a').take(sleep);
    await chats.of('b').take(sleep);
    expect(clock.now).toBe(0);
    await chats.of('a').take(sleep);
    expect(clock.now).toBe(1000);
  });
});
