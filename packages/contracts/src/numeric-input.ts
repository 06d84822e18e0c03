import { z } from 'zod';

/** Plain decimal digits, no sign, no leading zero, at most 16 of them (ids stay below 2^53). */
const DECIMAL_DIGITS = /^(0|[1-9][0-9]{0,15})$/;

/**
 * A number that may also arrive as text — always in paths and query strings, sometimes in form bodies — read
 * only when the text is plain decimal digits. `z.coerce.number()` would also read '0x10' as 16, ' 1' and
 * '+1' as 1, '1e1' as 10 and '' as 0; here such text stays text and the number schema refuses it.
 */
export function numberOrDigits<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL_DIGITS.test(value) ? Number(value) : value),
    schema,
  );
}

/** A positive id in a path or a body: `12` or `'12'`. */
export const idParam = numberOrDigits(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
/** An id where the spec uses 0 for "new" or "all". */
export const idOrZeroParam = numberOrDigits(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));
