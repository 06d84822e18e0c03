/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits, and the Arabic decimal separator, as an Arabic keyboard types them. */
function westernDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.');
}

/**
 * What a number cell keeps of typed or pasted text (spec part 2 §5 "Number cells accept digits only"): digits
 * (an Arabic keyboard's become Western ones), a leading minus and the first decimal point; letters and every
 * other character never get in.
 */
export function numberText(typed: string): string {
  const kept = westernDigits(typed).replace(/[^\d.-]/g, '');
  const sign = kept.startsWith('-') ? '-' : '';
  const unsigned = kept.replace(/-/g, '');
  const point = unsigned.indexOf('.');
  const digits =
    point === -1
      ? unsigned
      : `${unsigned.slice(0, point + 1)}${unsigned.slice(point + 1).replace(/\./g, '')}`;
  return `${sign}${digits}`;
}

/** Whether a number cell's text is a whole number (`-12`, `3.5`); '', '-' and '1.' are not. */
export function isCompleteNumber(text: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(text);
}
