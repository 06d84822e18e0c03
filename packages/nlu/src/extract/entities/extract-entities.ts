import type { Lang } from '../../text/index.ts';
import { wallClockOf } from './calendar.ts';
import { findEmails, findPhones, findUrls } from './contacts.ts';
import { findArabicDates } from './dates-arabic.ts';
import { findChronoDates } from './dates-chrono.ts';
import { findDurations } from './durations.ts';
import type { Entity, EntityOptions, EntityType } from './entity.ts';
import { findNumbers } from './numbers.ts';
import { findArabicTimes } from './times-arabic.ts';
import { westernDigits } from './western-digits.ts';

/** On equal length the more specific reading wins: a date over a phone number, a phone over a number. */
const PRIORITY: EntityType[] = [
  'email',
  'url',
  'datetime',
  'date',
  'time',
  'duration',
  'phone',
  'ordinal',
  'number',
];
/** Words allowed between an Arabic date and its time ("غدا في الساعه ٥"). */
const DATE_TIME_GAP = /^\s*(?:(?:في|على|عند|،|,)\s*)?$/;

function length(entity: Entity): number {
  return entity.end - entity.start;
}

/** Keeps the longest of overlapping readings, preferring the more specific type on ties. */
function resolveOverlaps(candidates: Entity[]): Entity[] {
  const ranked = [...candidates].sort(
    (left, right) =>
      length(right) - length(left) ||
      PRIORITY.indexOf(left.type) - PRIORITY.indexOf(right.type) ||
      left.start - right.start,
  );
  const kept: Entity[] = [];
  for (const candidate of ranked) {
    if (kept.every((entity) => candidate.end <= entity.start || candidate.start >= entity.end))
      kept.push(candidate);
  }
  return kept.sort((left, right) => left.start - right.start);
}

/** An Arabic date next to a time of day ("غدا الساعه ٥ مساء", "الساعه ٨ يوم الخميس") becomes one datetime. */
function joinDateAndTime(text: string, entities: Entity[]): Entity[] {
  const joined: Entity[] = [];
  for (const entity of entities) {
    const previous = joined.at(-1);
    const types = `${previous?.type}+${entity.type}`;
    const isPair = types === 'date+time' || types === 'time+date';
    if (previous && isPair && DATE_TIME_GAP.test(text.slice(previous.end, entity.start))) {
      const [date, time] = previous.type === 'date' ? [previous, entity] : [entity, previous];
      joined[joined.length - 1] = {
        type: 'datetime',
        value: `${date.value}T${time.value}`,
        text: text.slice(previous.start, entity.end),
        start: previous.start,
        end: entity.end,
      };
    } else joined.push(entity);
  }
  return joined;
}

function findDates(text: string, lang: Lang, wallClock: Date, durations: Entity[]): Entity[] {
  if (lang === 'ar') return [...findArabicDates(text, wallClock), ...findArabicTimes(text)];
  return findChronoDates(text, lang, wallClock, durations);
}

/**
 * Built-in entities of a message: numbers, ordinals, dates, times, datetimes, durations, emails, phone numbers
 * and URLs, without overlaps, in order of appearance. Relative dates count from `options.now`.
 */
export function extractEntities(text: string, lang: Lang, options: EntityOptions = {}): Entity[] {
  const western = westernDigits(text);
  const wallClock = wallClockOf(options.now ?? new Date(), options.timezoneOffset ?? 0);
  const durations = findDurations(western, lang).map(({ amount: _amount, unit: _unit, ...entity }) => entity);
  const candidates = [
    ...findEmails(western),
    ...findUrls(western),
    ...findPhones(western),
    ...findDates(western, lang, wallClock, durations),
    ...durations,
    ...findNumbers(western, lang),
  ];
  const entities = resolveOverlaps(candidates).map((entity) => ({
    ...entity,
    text: text.slice(entity.start, entity.end),
  }));
  return joinDateAndTime(text, entities);
}
