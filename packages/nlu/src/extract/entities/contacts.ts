import type { Entity } from './entity.ts';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const URL =
  /\b(?:https?:\/\/|www\.)[^\s<>"'،]+|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|org|net|io|de|sa|eg|ae|info|app|dev|edu|gov)\b(?:\/[^\s<>"'،]*)?/giu;
// International (+ or 00), or local groups of digits; at least 7 digits in all, checked after matching.
// A trailing + is a leading one typed in a right-to-left field ("966501234567+").
const PHONE = /(?<![\p{L}\p{N}])(?:\+|00)?\(?\d{1,4}\)?(?:[ .-]?\(?\d{2,4}\)?){1,5}\+?(?![\p{L}\p{N}])/gu;
const DATE_LIKE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

function spansOf(text: string, pattern: RegExp): { text: string; start: number }[] {
  return [...text.matchAll(pattern)].map((match) => ({ text: match[0], start: match.index ?? 0 }));
}

export function findEmails(text: string): Entity[] {
  return spansOf(text, EMAIL).map(({ text: span, start }) => ({
    type: 'email',
    value: span.toLowerCase(),
    text: span,
    start,
    end: start + span.length,
  }));
}

export function findUrls(text: string): Entity[] {
  const entities: Entity[] = [];
  for (const { text: raw, start } of spansOf(text, URL)) {
    const span = raw.replace(TRAILING_PUNCTUATION, '');
    if (text[start - 1] === '@' || text[start + raw.length] === '@') continue;
    const value = /^https?:\/\//i.test(span) ? span : `http://${span}`;
    entities.push({ type: 'url', value, text: span, start, end: start + span.length });
  }
  return entities;
}

/** A phone number is international (+/00 and 8+ digits) or local: a leading 0 and 8+ digits, or grouped 7+ digits. */
function isPhoneLike(span: string): boolean {
  const digits = span.replace(/\D/g, '');
  if (digits.length > 15 || DATE_LIKE.test(span)) return false;
  if (/^(?:\+|00)|\+$/.test(span)) return digits.length >= 8;
  if (/^\(?0/.test(span)) return digits.length >= 8;
  return digits.length >= 7 && /[ .()-]/.test(span) && !/^\d{1,3}(?:[.,]\d{3})+$/.test(span);
}

function phoneValue(span: string): string {
  const digits = span.replace(/\D/g, '');
  if (span.startsWith('+') || span.endsWith('+')) return `+${digits}`;
  if (span.startsWith('00')) return `+${digits.slice(2)}`;
  return digits;
}

/** Phone numbers in `text`, whose digits must already be western (see westernDigits). */
export function findPhones(text: string): Entity[] {
  return spansOf(text, PHONE)
    .map(({ text: span, start }) => ({
      span: span.trim(),
      start: start + (span.length - span.trimStart().length),
    }))
    .filter(({ span }) => isPhoneLike(span))
    .map(({ span, start }) => ({
      type: 'phone',
      value: phoneValue(span),
      text: span,
      start,
      end: start + span.length,
    }));
}
