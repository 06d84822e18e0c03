import type { Lang } from '../../text/index.ts';

export type EntityType =
  | 'number'
  | 'ordinal'
  | 'date'
  | 'time'
  | 'datetime'
  | 'duration'
  | 'email'
  | 'phone'
  | 'url';

/**
 * A built-in value found in a message. `value` is normalised: numbers are numbers, a date is 'YYYY-MM-DD', a
 * time 'HH:mm', a datetime 'YYYY-MM-DDTHH:mm' (wall-clock time, no zone), a duration an ISO 8601 duration
 * ('PT2H', 'P3D'), a phone number its digits with a leading '+' when international, an email lower-cased.
 */
export interface Entity {
  type: EntityType;
  value: number | string;
  text: string;
  start: number;
  end: number;
}

export interface EntityOptions {
  /** The moment relative dates count from; defaults to the current time. */
  now?: Date;
  /** Minutes east of UTC of the sender's wall clock; relative dates and times use it. Defaults to 0. */
  timezoneOffset?: number;
}

/** Per-call context shared by the recognisers. */
export interface RecognizerContext {
  lang: Lang;
  /** `now` shifted to the sender's wall clock and read with UTC getters. */
  wallClock: Date;
}
