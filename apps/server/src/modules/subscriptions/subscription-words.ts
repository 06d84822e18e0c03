/** Folds what a sender typed for comparison: case, Arabic letter forms and marks, punctuation, spaces. */
export function foldWords(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The fixed "unsubscribe" command: the whole message is one of these (folded), in ar, en or de. */
const UNSUBSCRIBE_PHRASES = new Set(
  [
    'unsubscribe',
    'unsubscribe me',
    'stop',
    'stop notifications',
    'stop messages',
    'abbestellen',
    'abmelden',
    'stopp',
    'abo beenden',
    'keine nachrichten mehr',
    'إلغاء الاشتراك',
    'الغاء اشتراك',
    'إيقاف الاشتراك',
    'إيقاف الإشعارات',
    'إيقاف',
    'توقف',
  ].map(foldWords),
);

export function isUnsubscribeRequest(text: string): boolean {
  return text.length <= 60 && UNSUBSCRIBE_PHRASES.has(foldWords(text));
}
