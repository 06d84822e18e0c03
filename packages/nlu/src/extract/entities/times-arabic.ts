import { formatTime } from './calendar.ts';
import type { Entity } from './entity.ts';
import { arabicOrdinal } from './number-words-ar.ts';
import { isAdjacent, type Word, wordsOf } from './words.ts';

// Normalised spellings; "مساءً" → "مساء", "صباحاً" → "صباحا".
const MORNING = new Set(['صباحا', 'صباح', 'الصبح', 'صباحي', 'ص', 'فجرا']);
const AFTERNOON = new Set([
  'مساء',
  'مساءا',
  'المساء',
  'م',
  'ظهرا',
  'الظهر',
  'عصرا',
  'العصر',
  'بالليل',
  'ليلا',
  'الليل',
]);
const MINUTE_WORDS: Record<string, number> = {
  ونص: 30,
  ونصف: 30,
  والنصف: 30,
  وربع: 15,
  والربع: 15,
  وثلث: 20,
  والثلث: 20,
};
const HOUR_WORDS: Record<string, number> = { الحاديه: 11, الواحده: 1 };
const HOUR_MARKERS = new Set(['الساعه', 'بالساعه', 'للساعه', 'والساعه', 'عالساعه']);
const CLOCK = /^(\d{1,2})(?::(\d{2}))?(?!\d)/;

interface Clock {
  hour: number;
  minute: number;
  last: number;
}

/** The hour after "الساعه": digits (5, 5:30) or an ordinal word (الخامسه, الحاديه عشره). */
function readHour(words: Word[], index: number, text: string): Clock | null {
  const word = words[index];
  if (!word) return null;
  const digits = text.slice(word.start).match(CLOCK);
  if (digits)
    return { hour: Number(digits[1]), minute: Number(digits[2] ?? 0), last: digits[2] ? index + 1 : index };
  const ordinal = HOUR_WORDS[word.norm] ?? arabicOrdinal(word.norm);
  if (ordinal === null) return null;
  const ten = words[index + 1];
  if (ordinal <= 2 && ten && /^عشر/.test(ten.norm) && isAdjacent(text, word, ten)) {
    return { hour: 10 + ordinal, minute: 0, last: index + 1 };
  }
  return { hour: ordinal, minute: 0, last: index };
}

function applyModifiers(words: Word[], clock: Clock, text: string): Clock {
  let { hour, minute, last } = clock;
  const next = () => {
    const word = words[last + 1];
    return word && isAdjacent(text, words[last]!, word) ? word.norm : '';
  };
  const extra = MINUTE_WORDS[next()];
  if (extra !== undefined && minute === 0) {
    minute = extra;
    last += 1;
  }
  const period = next();
  if (MORNING.has(period)) {
    if (hour === 12) hour = 0;
    last += 1;
  } else if (AFTERNOON.has(period)) {
    const isNight = period.includes('ليل');
    if (hour === 12 && isNight) hour = 0;
    else if (hour < 12 && !(isNight && hour < 4)) hour += 12;
    last += 1;
  }
  return { hour, minute, last };
}

function isValidClock(clock: Clock): boolean {
  return clock.hour >= 0 && clock.hour < 24 && clock.minute >= 0 && clock.minute < 60;
}

/** Times of day: "الساعه ٥ مساء", "الساعة الخامسة والنصف", "5:30 صباحا"; western digits expected. */
export function findArabicTimes(text: string): Entity[] {
  const words = wordsOf(text, 'ar');
  const found: Entity[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const isHourWord = HOUR_MARKERS.has(word.norm);
    const bare = isHourWord ? readHour(words, index + 1, text) : readBareHour(words, index, text);
    if (!bare || (isHourWord && !isAdjacent(text, word, words[index + 1]!))) continue;
    const clock = applyModifiers(words, bare, text);
    if (!isValidClock(clock)) continue;
    const start = word.start;
    const end = words[clock.last]!.end;
    found.push({
      type: 'time',
      value: formatTime(clock.hour, clock.minute),
      text: text.slice(start, end),
      start,
      end,
    });
    index = clock.last;
  }
  return found;
}

/** Without "الساعه" only a clock with a period counts ("٥ مساء", "10:30 ص"), else it is just a number. */
function readBareHour(words: Word[], index: number, text: string): Clock | null {
  const clock = /^\d/.test(words[index]!.norm) ? readHour(words, index, text) : null;
  if (!clock) return null;
  const after = words[clock.last + 1];
  const hasPeriod =
    after &&
    isAdjacent(text, words[clock.last]!, after) &&
    (MORNING.has(after.norm) || AFTERNOON.has(after.norm));
  const hasColon = text.slice(words[index]!.start, words[clock.last]!.end).includes(':');
  return hasPeriod || hasColon ? clock : null;
}
