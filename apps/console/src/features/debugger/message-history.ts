/** The debugger's sent messages, oldest first, kept in localStorage so a reload keeps them. */
export const HISTORY_KEY = 'hiwar_debug_history';
export const HISTORY_LIMIT = 50;

export function loadHistory(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** The history with `message` added last: a repeat of the newest entry is not added twice in a row. */
export function appendMessage(history: readonly string[], message: string): string[] {
  if (history.at(-1) === message) return [...history];
  return [...history, message].slice(-HISTORY_LIMIT);
}

export function saveHistory(history: readonly string[]) {
  localStorage.setItem(HISTORY_KEY, JSON.stringify(history));
}

/** Where the input stands in the history: `index === history.length` means the message being typed. */
export interface HistoryCursor {
  index: number;
  /** what was typed before stepping into the history, given back when stepping past the newest entry */
  draft: string;
}

/**
 * Up steps to an older message, Down to a newer one and finally back to the draft. Answers the new cursor and
 * the input's text, or null when there is nowhere to go.
 */
export function stepHistory(
  history: readonly string[],
  cursor: HistoryCursor,
  currentText: string,
  direction: 'older' | 'newer',
): { cursor: HistoryCursor; text: string } | null {
  const isOnDraft = cursor.index >= history.length;
  const draft = isOnDraft ? currentText : cursor.draft;
  const index = Math.min(cursor.index, history.length) + (direction === 'older' ? -1 : 1);
  if (index < 0 || index > history.length) return null;
  const text = index === history.length ? draft : (history[index] ?? '');
  return { cursor: { index, draft }, text };
}
