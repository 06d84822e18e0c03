import type { Lang } from '../text/index.ts';

/** Words whose removal keeps the sense: articles, politeness and softeners. Never negations. */
export const DROPPABLE: Record<Lang, string[]> = {
  en: ['the', 'a', 'an', 'please', 'pls', 'kindly', 'just', 'really', 'very', 'so', 'maybe', 'some', 'now'],
  de: [
    'der',
    'die',
    'das',
    'den',
    'dem',
    'ein',
    'eine',
    'einen',
    'bitte',
    'mal',
    'doch',
    'denn',
    'eigentlich',
    'gerne',
    'gern',
    'jetzt',
  ],
  ar: ['من فضلك', 'لو سمحت', 'يا', 'ممكن', 'بس', 'طيب', 'الان', 'حاليا'],
};

/** Politeness added at the start or the end of a message. */
export const POLITENESS: Record<Lang, { start: string[]; end: string[] }> = {
  en: { start: ['please', 'can you', 'could you'], end: ['please', 'thanks'] },
  de: { start: ['bitte'], end: ['bitte', 'danke'] },
  ar: { start: ['لو سمحت', 'من فضلك', 'ممكن'], end: ['لو سمحت', 'من فضلك'] },
};
