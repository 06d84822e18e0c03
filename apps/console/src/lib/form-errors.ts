import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';
import { localizeMessage } from './messages.ts';

/** What the forms need of a contracts (zod) schema. */
interface ParsableSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A Mantine form `validate` function from a contracts schema: the first issue per field, translated.
 * `extra` supplies values the form does not edit but the schema needs (e.g. `mode`).
 */
export function schemaValidator<Values extends object>(
  schema: ParsableSchema,
  t: TFunction,
  extra: Record<string, unknown> = {},
) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse({ ...values, ...extra });
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      if (!(field in errors)) errors[field] = localizeMessage(t, issue.message);
    }
    return errors;
  };
}

/**
 * Field errors of a failed call, ready for `form.setErrors`: each field's first message translated; a single
 * string error goes under `nameField`.
 */
export function serverFieldErrors(error: unknown, t: TFunction, nameField: string): FormErrors {
  if (!(error instanceof ApiError) || error.fieldErrors === undefined) return {};
  if (typeof error.fieldErrors === 'string') return { [nameField]: localizeMessage(t, error.fieldErrors) };
  const errors: FormErrors = {};
  for (const [field, fieldMessages] of Object.entries(error.fieldErrors)) {
    const first = fieldMessages[0];
    if (first) errors[field] = localizeMessage(t, first);
  }
  return errors;
}

/** The translated message of a failed call, or `fallback` when it carried none. */
export function failureMessage(error: unknown, t: TFunction, fallback: string): string {
  if (error instanceof ApiError && error.message && !error.isNetworkFailure)
    return localizeMessage(t, error.message);
  return fallback;
}
