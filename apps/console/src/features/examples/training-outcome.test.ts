import { describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { formatTrainingDuration } from './training-outcome.ts';

describe('the duration of a training', () => {
  it('reads in seconds, then minutes and seconds, never below a second', () => {
    const { t } = initI18n('en');
    expect(formatTrainingDuration(200, t, 'en')).toBe('1 s');
    expect(formatTrainingDuration(12_400, t, 'en')).toBe('12 s');
    expect(formatTrainingDuration(120_000, t, 'en')).toBe('2 min');
    expect(formatTrainingDuration(125_000, t, 'en')).toBe('2 min 5 s');
  });

  it('uses Arabic digits and units in Arabic', () => {
    const { t } = initI18n('ar');
    expect(formatTrainingDuration(12_000, t, 'ar')).toBe('12 ث');
    expect(formatTrainingDuration(65_000, t, 'ar')).toBe('1 د 5 ث');
  });
});
