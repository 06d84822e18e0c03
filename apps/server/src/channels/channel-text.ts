import type { BotMessage } from '@hiwar/contracts';
import { detectLanguage, type Lang } from '@hiwar/nlu';
/** Telegram's limits, counted in UTF-16 code units (never more than Telegram's own count of characters). */
export const MAX_TEXT_LENGTH = 4096;
export const MAX_CAPTION_LENGTH = 1024;

const ELLIPSIS = '…';

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

const combiningMark = /^\p{M}$/u;

/** The largest cut ≤ `at` that splits neither a surrogate pair nor a letter from its marks (Arabic harakat). */
function safeCut(text: string, at: number): number {
  let cut = at;
  while (cut > 0 && (isLowSurrogate(text.charCodeAt(cut)) || combiningMark.test(text[cut] ?? ''))) cut -= 1;
  // a text made only of marks: cut anywhere that keeps surrogate pairs whole
  if (cut === 0) return isLowSurrogate(text.charCodeAt(at)) ? at - 1 : at;
  return cut;
}

/**
 * The text in pieces of at most `limit` UTF-16 code units, each cut at its last line break, else its last space,
 * when one lies in the second half of the piece (else at the limit). The break itself is dropped; blank pieces
 * are left out.
 */
export function splitText(text: string, limit = MAX_TEXT_LENGTH): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const window = rest.slice(0, limit + 1);
    const lineBreak = window.lastIndexOf('\n');
    const space = window.search(/\s(?=\S*$)/u);
    const breakAt = lineBreak >= limit / 2 ? lineBreak : space >= limit / 2 ? space : -1;
    if (breakAt >= 0) {
      pieces.push(rest.slice(0, breakAt));
      rest = rest.slice(breakAt + 1);
    } else {
      const cut = safeCut(rest, limit);
      pieces.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
  }
  pieces.push(rest);
  return pieces.filter((piece) => piece.trim() !== '');
}

/** The text cut to at most `limit` UTF-16 code units, ending with an ellipsis when it was cut. */
export function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, safeCut(text, limit - ELLIPSIS.length)).trimEnd()}${ELLIPSIS}`;
}

export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The language of a turn's replies, for Hiwar's own words a platform needs among them ("Choose:" above buttons
 * that came without a text): the replies follow the sender's language, so their words tell it — Arabic script,
 * else German or English by the detector.
 */
export function replyLanguageOf(messages: readonly BotMessage[]): Lang {
  return detectLanguage(JSON.stringify(messages));
}
