/** What went wrong, as a line for a log, a trace note or a stored reason: an Error's message, else the value. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
