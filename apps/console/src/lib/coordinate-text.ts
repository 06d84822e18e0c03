/**
 * A picked coordinate as a field's text: rounded to `decimals` places (6 is about 10 cm), without trailing zeros
 * and always with Western digits — a value to edit, not a number shown to read (that is `formatNumber`).
 */
export function coordinateText(value: number, decimals = 6): string {
  const factor = 10 ** decimals;
  return String(Math.round(value * factor) / factor);
}
