const EASTERN_DIGIT = /[\u0660-\u0669\u06F0-\u06F9\u066B\u066C]/g;

function toWestern(character: string): string {
  const code = character.charCodeAt(0);
  if (code === 0x066b) return '.';
  if (code === 0x066c) return ',';
  return String((code - 0x0660) % 0x90);
}

/**
 * Arabic-Indic (٠-٩) and Persian (۰-۹) digits and the Arabic decimal and thousands marks as ASCII, one
 * character for one, so offsets into the result are offsets into the original text.
 */
export function westernDigits(text: string): string {
  return text.replace(EASTERN_DIGIT, toWestern);
}
