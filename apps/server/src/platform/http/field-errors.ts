import type { FieldErrors } from '@hiwar/contracts';

interface Issue {
  path: readonly PropertyKey[] | string;
  message: string;
}

/** Groups validation issues by field: `{user_email: ['The email field is required']}`; form-level issues use `_`. */
export function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldNameOf(issue.path);
    const list = errors[field] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[field] = list;
  }
  return errors;
}

function fieldNameOf(path: Issue['path']): string {
  const parts =
    typeof path === 'string'
      ? path.split('/').filter((part) => part !== '')
      : path.map((part) => String(part));
  return parts.length === 0 ? '_' : parts.join('.');
}
