import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES, extractFeatures } from './features.ts';

describe('feature extraction', () => {
  it('folds German umlauts as the model was trained: to the base letter when it says so', () => {
    const base = { ...DEFAULT_FEATURES, umlauts: 'base' as const };
    expect(extractFeatures('Käse bestellen', 'de', base)).toEqual(
      extractFeatures('Kase bestellen', 'de', base),
    );
  });

  it('spells umlauts out for models trained without the setting', () => {
    expect(extractFeatures('Käse bestellen', 'de')).toEqual(extractFeatures('Kaese bestellen', 'de'));
    expect(extractFeatures('Käse bestellen', 'de')).not.toEqual(extractFeatures('Kase bestellen', 'de'));
  });
});
