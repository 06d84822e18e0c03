import type { OrderCurrency } from '@hiwar/contracts';
import { useTranslation } from 'react-i18next';
import { numberLocale, useFormatNumber } from '../../../lib/format-number.ts';

/** An amount with two decimals and its currency, as the console's language writes them ("EGP 12.50", "12.50 ج.م"). */
export function useFormatMoney() {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  return (amount: number, currency: OrderCurrency) =>
    t(`menus.orders.money.${currency}`, {
      amount: formatNumber(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    });
}

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago `isoTime` was, in whole units, in `language` with the console's digits ("5 minutes ago",
 * "قبل 5 دقائق"); under a minute (or a clock a little ahead) is "now".
 */
export function formatTimeAgo(isoTime: string, now: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(numberLocale(language), { numeric: 'auto' });
  const elapsedSeconds = (now - Date.parse(isoTime)) / 1000;
  const unit = units.find(([, seconds]) => elapsedSeconds >= seconds);
  return unit ? format.format(-Math.floor(elapsedSeconds / unit[1]), unit[0]) : format.format(0, 'second');
}
