import { placeMessages } from '@hiwar/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { OutboundError } from '../../platform/net/outbound-error.ts';
import type { OutboundAnswer } from '../../platform/net/outbound-http.ts';
import { retryAfterOf } from '../../platform/net/retry-after.ts';

export type Geocoder = 'google' | 'nominatim';

/** Where a geocoder's failures are written for the operator (the owner sees only the envelope's message). */
export interface GeocoderLog {
  warn(details: object, message: string): void;
}

/** The wait asked of the console after a 429 that did not say how long. */
const BUSY_RETRY_SECONDS = 60;
/** The wait asked after a 5xx or no answer at all. */
const UNAVAILABLE_RETRY_SECONDS = 30;
/** How much of a geocoder's own error text goes to the log. */
const LOGGED_TEXT_MAX = 300;

/**
 * No answer from the geocoder: the outbound guard refused its address (the operator's OUTBOUND_ALLOW can allow
 * it), or it could not be reached, timed out, or sent what is not HTTP. 503 either way, never the 500 of a bug.
 */
function failureOfUnreachable(error: OutboundError, geocoder: Geocoder, log: GeocoderLog): AppError {
  log.warn(
    { geocoder, reason: error.reason, detail: error.message },
    'place search: no answer from the geocoder',
  );
  if (error.reason === 'refused') return new AppError('unavailable', placeMessages.addressNotAllowed);
  return AppError.retryLater('unavailable', placeMessages.serviceUnavailable, UNAVAILABLE_RETRY_SECONDS);
}

/**
 * An error status from the geocoder: 429 is its quota (busy, Retry-After passed on), 5xx its own trouble, and
 * any other refusal (a wrong key, a disabled API, a bad request) a setting only the operator can fix.
 */
function failureOfStatus(answer: OutboundAnswer, geocoder: Geocoder, log: GeocoderLog): AppError {
  const said = answer.bodyText.slice(0, LOGGED_TEXT_MAX);
  log.warn({ geocoder, status: answer.status, said }, 'place search: the geocoder answered an error');
  const retryAfter = retryAfterOf(answer.headers['retry-after']);
  if (answer.status === 429)
    return AppError.retryLater('unavailable', placeMessages.serviceBusy, retryAfter ?? BUSY_RETRY_SECONDS);
  if (answer.status >= 500)
    return AppError.retryLater(
      'unavailable',
      placeMessages.serviceUnavailable,
      retryAfter ?? UNAVAILABLE_RETRY_SECONDS,
    );
  return new AppError('unavailable', placeMessages.serviceRefused);
}

/** The geocoder's 200 answer, or the AppError that says why there is none. */
export async function askGeocoder(
  geocoder: Geocoder,
  log: GeocoderLog,
  request: () => Promise<OutboundAnswer>,
): Promise<OutboundAnswer> {
  let answer: OutboundAnswer;
  try {
    answer = await request();
  } catch (error) {
    if (error instanceof OutboundError) throw failureOfUnreachable(error, geocoder, log);
    throw error;
  }
  if (answer.status !== 200) throw failureOfStatus(answer, geocoder, log);
  return answer;
}

/** A 200's JSON read with the shape the geocoder documents; an answer of another shape is a 503, logged. */
export function readGeocoderAnswer<T>(
  geocoder: Geocoder,
  answer: OutboundAnswer,
  shape: z.ZodType<T>,
  log: GeocoderLog,
): T {
  let body: unknown;
  try {
    body = JSON.parse(answer.bodyText);
  } catch {
    body = undefined;
  }
  const parsed = shape.safeParse(body);
  if (parsed.success) return parsed.data;
  log.warn(
    { geocoder, contentType: answer.contentType, said: answer.bodyText.slice(0, LOGGED_TEXT_MAX) },
    'place search: the geocoder answered something it does not document',
  );
  throw AppError.retryLater('unavailable', placeMessages.serviceUnavailable, UNAVAILABLE_RETRY_SECONDS);
}
