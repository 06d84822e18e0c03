import { useTranslation } from 'react-i18next';

/**
 * The one way the console writes a number. Both languages use Western digits (0–9): the Arabic console shows
 * ids, page numbers (Mantine's pagination), number inputs and typed values in them already, and Egyptian and
 * Maghrebi owners read them daily, so Arabic-Indic digits would mix two styles on one screen. Grouping and
 * decimal marks follow the language's convention for those digits.
 */
const numberLocales: Record<string, string> = { ar: 'ar-u-nu-latn', en: 'en-US' };

/** The locale that writes numbers this way, for other `Intl` formats that write numbers (a relative time). */
export function numberLocale(language: string): string {
  return numberLocales[language] ?? numberLocales.en ?? 'en-US';
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(numberLocale(language), options).format(value);
}

/** `formatNumber` in the console's current language. */
export function useFormatNumber() {
  const { i18n } = useTranslation();
  return (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, i18n.language, options);
}

/** A moment as a date and a time in the language's way, with the same digits as every number (26 Nov 2026, 7:42 PM). */
export function formatDateTime(at: string, language: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return new Intl.DateTimeFormat(numberLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}
