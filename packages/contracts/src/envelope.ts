import { z } from 'zod';
import { numberOrDigits } from './numeric-input.ts';

/**
 * Every answer is `{ status: 1 | 0, data?, msg?, ... }`.
 * Validation failures: HTTP 422, `status: 0`, `errors: { field: [message] }`.
 * Auth failures: HTTP 401. Missing or foreign resources: HTTP 404.
 */
export type FieldErrors = Record<string, string[]>;

export interface FailureEnvelope {
  status: 0;
  msg: string;
  errors?: FieldErrors;
}

export const failureEnvelope = z.object({
  status: z.literal(0),
  msg: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** A success answer carrying `data`. */
export function okWith<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(1), data, msg: z.string().optional() });
}

export const ok = z.object({ status: z.literal(1), msg: z.string().optional() });

/** A 1-based page of a list. */
export const pageQuery = z.object({
  page: numberOrDigits(z.number().int().min(1)).default(1),
  search: z.string().max(200).optional(),
});

export const PAGE_SIZE = 10;
