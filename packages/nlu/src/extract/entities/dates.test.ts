import { describe, expect, it } from 'vitest';
import type { Lang } from '../../text/index.ts';
import { extractEntities } from './extract-entities.ts';

// Wednesday 11 March 2026, 10:00 UTC.
const now = new Date('2026-03-11T10:00:00Z');

function first(text: string, lang: Lang): [string, number | string, string] | undefined {
  const entity = extractEntities(text, lang, { now })[0];
  return entity && [entity.type, entity.value, entity.text];
}

describe('dates and times in English', () => {
  it('reads relative days with a time as a datetime', () => {
    expect(first('tomorrow at 5pm', 'en')).toEqual(['datetime', '2026-03-12T17:00', 'tomorrow at 5pm']);
  });

  it('reads weekdays and spans counted from now', () => {
    expect(first('next friday', 'en')?.[0]).toBe('date');
    expect(first('friday', 'en')?.[1]).toBe('2026-03-13');
    expect(first('in 3 days', 'en')?.[1]).toBe('2026-03-14');
    expect(first('3 days ago', 'en')?.[1]).toBe('2026-03-08');
  });

  it('reads absolute dates day first and times alone', () => {
    expect(first('on 12/03/2025', 'en')).toEqual(['date', '2025-03-12', '12/03/2025']);
    expect(first('at 17:30', 'en')?.slice(0, 2)).toEqual(['time', '17:30']);
  });

  it('reads a span of time as a duration, not a moment', () => {
    expect(first('for 2 hours', 'en')).toEqual(['duration', 'PT2H', '2 hours']);
    expect(first('half an hour', 'en')).toEqual(['duration', 'PT30M', 'half an hour']);
  });

  it('follows the sender time zone', () => {
    const late = new Date('2026-03-11T22:30:00Z');
    const [entity] = extractEntities('today', 'en', { now: late, timezoneOffset: 180 });
    expect(entity?.value).toBe('2026-03-12');
  });
});

describe('dates and times in German', () => {
  it('reads relative days, weekdays and times', () => {
    expect(first('morgen um 17 Uhr', 'de')).toEqual(['datetime', '2026-03-12T17:00', 'morgen um 17 Uhr']);
    expect(first('übermorgen', 'de')?.[1]).toBe('2026-03-13');
    expect(first('nächsten Freitag', 'de')?.[0]).toBe('date');
    expect(first('in 3 Tagen', 'de')?.[1]).toBe('2026-03-14');
  });

  it('reads dotted dates and durations', () => {
    expect(first('am 12.03.2025 um 9:15', 'de')?.[1]).toBe('2025-03-12T09:15');
    expect(first('eine halbe Stunde', 'de')?.[1]).toBe('PT30M');
  });
});

describe('dates and times in Arabic', () => {
  it('reads tomorrow, the day after and yesterday', () => {
    expect(first('غدا', 'ar')).toEqual(['date', '2026-03-12', 'غدا']);
    expect(first('بعد غد', 'ar')?.[1]).toBe('2026-03-13');
    expect(first('أمس', 'ar')?.[1]).toBe('2026-03-10');
  });

  it('reads coming and past weekdays', () => {
    expect(first('يوم الجمعة القادم', 'ar')).toEqual(['date', '2026-03-13', 'يوم الجمعة القادم']);
    expect(first('الأربعاء القادم', 'ar')?.[1]).toBe('2026-03-18');
    expect(first('السبت الماضي', 'ar')?.[1]).toBe('2026-03-07');
  });

  it('reads spans counted from now', () => {
    expect(first('بعد ٣ أيام', 'ar')).toEqual(['date', '2026-03-14', 'بعد ٣ أيام']);
    expect(first('قبل يومين', 'ar')?.[1]).toBe('2026-03-09');
    expect(first('بعد ساعتين', 'ar')).toEqual(['datetime', '2026-03-11T12:00', 'بعد ساعتين']);
  });

  it('reads clock times with the period of day', () => {
    expect(first('الساعة ٥ مساء', 'ar')).toEqual(['time', '17:00', 'الساعة ٥ مساء']);
    expect(first('الساعة الخامسة والنصف صباحا', 'ar')?.[1]).toBe('05:30');
    expect(first('الساعة ١٢ ليلا', 'ar')?.[1]).toBe('00:00');
    expect(first('الموعد 10:30 ص', 'ar')?.[1]).toBe('10:30');
  });

  it('joins a day and a time into a datetime', () => {
    expect(first('غداً الساعة ٥ مساءً', 'ar')).toEqual(['datetime', '2026-03-12T17:00', 'غداً الساعة ٥ مساءً']);
    expect(first('للساعة الثامنة مساء يوم الخميس', 'ar')?.slice(0, 2)).toEqual([
      'datetime',
      '2026-03-12T20:00',
    ]);
  });

  it('reads written dates day first, with month names', () => {
    expect(first('١٢/٠٣/٢٠٢٥', 'ar')?.[1]).toBe('2025-03-12');
    expect(first('١٢ مارس ٢٠٢٥', 'ar')?.[1]).toBe('2025-03-12');
    expect(first('٥ نيسان', 'ar')?.[1]).toBe('2026-04-05');
  });

  it('reads durations with duals', () => {
    expect(first('لمدة ساعتين', 'ar')?.slice(0, 2)).toEqual(['duration', 'PT2H']);
    expect(first('نصف ساعة', 'ar')?.slice(0, 2)).toEqual(['duration', 'PT30M']);
  });
});
