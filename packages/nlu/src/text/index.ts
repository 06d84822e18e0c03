export { chooseLanguage, type LanguageChoice, type LanguageHints } from './choose-language.ts';
export { detectLanguage, exampleLanguage, germanEvidence } from './language.ts';
export type { Lang, NormalizeOptions, UmlautFolding } from './normalize.ts';
export { LANGS, normalizeText } from './normalize.ts';
export { stem } from './stem.ts';
export type { TokenSpan } from './tokenize.ts';
export { tokenize, tokenizeWithSpans } from './tokenize.ts';
