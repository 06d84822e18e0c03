import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './rate-limiter.ts';

describe('FixedWindowLimiter', () => {
  it('refuses hits over the limit until the window ends', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(2, 1000, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now = 1000;
    expect(limiter.take('a')).toBe(true);
  });

  it('keeps at most maxKeys windows', () => {
    const limiter = new FixedWindowLimiter(1, 1000, () => 0, 2);
    limiter.take('a');
    limiter.take('b');
    limiter.take('c');
    // 'a' was forgotten to make room, so it starts a new window
    expect(limiter.take('a')).toBe(true);
  });
});
