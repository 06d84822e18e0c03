import { describe, expect, it } from 'vitest';
import { retryAfterOf } from './retry-after.ts';

describe('retryAfterOf', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');

  it('reads seconds, and an HTTP date as the seconds until it (none when it has passed)', () => {
    expect(retryAfterOf('17', now)).toBe(17);
    expect(retryAfterOf(' 0 ', now)).toBe(0);
    expect(retryAfterOf('Sat, 28 Nov 2026 12:01:30 GMT', now)).toBe(90);
    expect(retryAfterOf('Sat, 28 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });

  it.each([undefined, '', '  ', '-5', '1.5', 'soon'])('answers undefined for %j', (header) => {
    expect(retryAfterOf(header, now)).toBeUndefined();
  });
});
