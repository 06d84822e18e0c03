import { describe, expect, it } from 'vitest';
import { usageColor, usagePercent } from './usage.ts';

describe('usage', () => {
  it('colours by the spec thresholds: 25 info, 50 success, 75 warning, 100 danger', () => {
    expect([0, 25, 26, 50, 51, 75, 76, 100].map(usageColor)).toEqual([
      'blue',
      'blue',
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });

  it('computes the share of the limit in whole percent, never above 100', () => {
    expect(usagePercent(125, 500)).toBe(25);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(70, 50)).toBe(100);
    expect(usagePercent(0, 0)).toBe(100);
  });
});
