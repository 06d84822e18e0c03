import { describe, expect, it } from 'vitest';
import type { ComponentContext } from './built-in-component.ts';
import { dateTimeComponent, zoneOf } from './date-time-component.ts';

const at = (now: string, values: Record<string, string>, lang = 'en') =>
  dateTimeComponent.provide({ values, now: new Date(now), lang } as unknown as ComponentContext, 1);

describe('the date and time component', () => {
  it('reads the zone from timezone, else tz, else answers UTC', () => {
    expect(zoneOf({ timezone: ' Africa/Cairo ', tz: 'Asia/Riyadh' })).toBe('Africa/Cairo');
    expect(zoneOf({ timezone: 'Nowhere/City', tz: 'asia/riyadh' })).toBe('Asia/Riyadh');
    expect(zoneOf({ timezone: '' })).toBe('UTC');
    expect(zoneOf({})).toBe('UTC');
  });

  it('answers the calendar day of the zone, with Western digits, and the weekday in the sender’s language', async () => {
    expect(await at('2026-12-31T21:15:00.000Z', { tz: 'Asia/Riyadh' }, 'ar')).toEqual([
      {
        date: '2027-01-01',
        time: '00:15',
        weekday: 'الجمعة',
        datetime: '2027-01-01 00:15',
        timezone: 'Asia/Riyadh',
      },
    ]);
    const [berlin] = await at('2026-12-31T21:15:00.000Z', { timezone: 'Europe/Berlin' }, 'de');
    expect(berlin).toMatchObject({ time: '22:15', weekday: 'Donnerstag' });
  });
});
