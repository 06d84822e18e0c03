import type { Lang } from './normalize.ts';

// Function words are the surest sign in short messages; spelling patterns decide when none appear.
const ENGLISH_WORDS = new Set(
  (
    'the a an and or but of to in on at for with from by about into is are was were be been am do does did ' +
    'have has had will would can could should shall may might must not no yes i me my you your he she it its we ' +
    'us our they them their this that these those what which who whom whose when where why how all any some ' +
    'there here please tell show set turn give get find make let what’s whats is it’s im dont up out off next ' +
    'today tomorrow time new check play me much many more most than then just also only very again now'
  ).split(' '),
);

const GERMAN_WORDS = new Set(
  (
    'der die das den dem des ein eine einen einem einer und oder aber von zu im in am an auf für fuer mit aus ' +
    'bei nach ist sind war waren bin bist sein hat habe haben hast wird werden kann kannst können koennen ' +
    'soll muss nicht kein keine ja nein ich mich mir mein meine du dich dir dein er sie es wir uns unser ihr ' +
    'was welche welcher wer wie wo wann warum bitte zeig zeige sag sage mach mache gib stell schalte auf aus ' +
    'heute morgen jetzt noch mal neue neuen wieviel wie viel viele mehr als dann nur auch sehr wieder gibt ' +
    'über ueber um bis ob dass zum zur vom beim diesen diese dieser dieses meinen meinem meiner deine deinen ' +
    'spiel spiele spielen lass lassen stelle stell wecker uhr hören hoeren leiser lauter lautstärke licht ' +
    'lichter aktuelle nachrichten kaffee hallo wetter termin termine erinnere erinnerung lösche loesche entferne ' +
    'wiederhole nächste naechste letzte morgens abends woche wochen tag tage bitte danke gut wann welches ' +
    'sag schick schicke sende lies finde suche öffne oeffne kannst könntest koenntest möchte moechte will ' +
    'gerne gern etwas alles alle wieviel wieviele uhrzeit zeit heutige morgige neu'
  ).split(' '),
);

const GERMAN_PATTERNS = [
  /[äöüß]/,
  /sch/,
  /(ung|keit|heit|lich|chen|isch|en)$/,
  /^(ge|ver|be|zer|ent)\p{L}{4,}/u,
  /tz|pf|ei|au|z/,
];
const ENGLISH_PATTERNS = [/th/, /^wh/, /(ing|tion|ly|ous|ness|y)$/, /[^s]ch$/, /ee|oo|ea|ou|ow|aw/];

const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/g;

function scoreWord(word: string): number {
  if (GERMAN_WORDS.has(word) && !ENGLISH_WORDS.has(word)) return 2;
  if (ENGLISH_WORDS.has(word) && !GERMAN_WORDS.has(word)) return -2;
  let score = 0;
  for (const pattern of GERMAN_PATTERNS) if (pattern.test(word)) score += 0.5;
  for (const pattern of ENGLISH_PATTERNS) if (pattern.test(word)) score -= 0.5;
  return score;
}

/** German-versus-English evidence of a Latin-script message: positive means German. */
export function germanEvidence(text: string): number {
  const words = text.toLowerCase().match(/[\p{L}’']+/gu) ?? [];
  return words.reduce((sum, word) => sum + scoreWord(word), 0);
}

/**
 * Language of a message: Arabic when it has Arabic letters (names and titles are often Latin), otherwise German or English by
 * function words and spelling. Ties go to English, the more common language of mixed-in words.
 */
export function detectLanguage(text: string): Lang {
  const arabicLetters = text.match(ARABIC_SCRIPT)?.length ?? 0;
  if (arabicLetters > 0) return 'ar';
  return germanEvidence(text) > 0 ? 'de' : 'en';
}

const LETTERS = /\p{L}/u;

/**
 * The language an example is written in: Arabic script → ar; Latin text → en or de by the detector when the owner
 * uses that language (`langs`), else `fallback` (the command's language, spec part 1 §3); text without letters
 * → `fallback`.
 */
export function exampleLanguage(text: string, fallback: Lang, langs: readonly Lang[]): Lang {
  if (!LETTERS.test(text)) return fallback;
  const detected = detectLanguage(text);
  if (detected === 'ar') return 'ar';
  return langs.includes(detected) ? detected : fallback;
}
