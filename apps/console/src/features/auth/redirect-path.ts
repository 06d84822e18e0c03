/** The redirect query value after sign-in: only a path inside the console, else the root. */
export function safeRedirectPath(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return '/';
  return value;
}
