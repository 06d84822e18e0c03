import type { Lang } from '../text/index.ts';

/**
 * Interchangeable words and phrases shipped with the engine, for what WordNet does not give: German and
 * Arabic (no lexicon is registered for them) and English phrase paraphrases. Curated for what senders ask a
 * bot (orders, bookings, opening hours, prices, help); each phrase reads naturally in the others' place.
 * Arabic mixes Modern Standard and the common dialects, as senders do. A word that is also another part of
 * speech is paired only inside a phrase ("book a", not "book": "a book" is no "a reserve"), and German nouns
 * only with nouns of the same gender, so the article still fits.
 */
export const SYNONYM_TABLE: Record<Lang, string[][]> = {
  en: [
    ['i want', 'i would like', "i'd like", 'i need'],
    ['when are you open', 'when do you open', 'what time do you open', 'what are your opening hours'],
    ['when', 'what time'],
    ['turn on', 'switch on'],
    ['turn off', 'switch off'],
    ['can you', 'could you', 'would you'],
    ['can i', 'could i', 'may i'],
    ['what is', "what's"],
    ['show me', 'give me'],
    ['how much is', 'what is the price of'],
    ['how much does it cost', "what's the price"],
    ['book a', 'reserve a'],
    ['order a', 'get a'],
    ['cancel my', 'call off my'],
    ['hi', 'hello', 'hey'],
    ['thanks', 'thank you'],
  ],
  de: [
    ['ich möchte', 'ich will', 'ich würde gern', 'ich hätte gern'],
    ['wann habt ihr geöffnet', 'wann habt ihr offen', 'wann macht ihr auf', 'wie sind eure öffnungszeiten'],
    ['mach', 'schalte'],
    ['kannst du', 'könntest du'],
    ['können sie', 'könnten sie'],
    ['kann ich', 'darf ich'],
    ['zeig mir', 'zeige mir', 'gib mir'],
    ['bestellen', 'ordern'],
    ['buchen', 'reservieren'],
    ['stornieren', 'absagen'],
    ['kaufen', 'besorgen'],
    ['schicken', 'senden'],
    ['anfangen', 'beginnen', 'starten'],
    ['beenden', 'stoppen'],
    ['geöffnet', 'offen'],
    ['wie viel kostet', 'was kostet'],
    ['restaurant', 'lokal'],
    ['hilfe', 'unterstützung'],
    ['lieferung', 'zustellung'],
    ['hallo', 'hi', 'guten tag'],
    ['danke', 'vielen dank', 'danke schön'],
    ['schnell', 'rasch'],
  ],
  ar: [
    ['اريد', 'عايز', 'ابغى', 'بدي', 'حابب'],
    ['ممكن', 'هل يمكن', 'هل ممكن'],
    ['احجز', 'اعمل حجز'],
    ['اطلب', 'اعمل طلب'],
    ['متى تفتحون', 'امتى تفتحوا', 'ما هي مواعيد العمل', 'متى يفتح المحل'],
    ['متى', 'امتى', 'في اي وقت'],
    ['كم سعر', 'بكم', 'كم ثمن'],
    ['سعر', 'ثمن'],
    ['مفتوح', 'فاتح'],
    ['مغلق', 'مقفل', 'مسكر'],
    ['شكرا', 'مشكور', 'شكرا جزيلا'],
    ['مرحبا', 'اهلا', 'السلام عليكم'],
    ['سيارة', 'عربية'],
    ['اكل', 'طعام'],
    ['ارسل', 'ابعث'],
    ['طاولة', 'ترابيزة'],
    ['غرفة', 'اوضة'],
    ['فاتورة', 'حساب'],
    ['توصيل', 'ديليفري'],
    ['مساعدة', 'دعم'],
  ],
};
