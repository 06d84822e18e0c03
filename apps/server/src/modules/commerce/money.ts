/**
 * Money in integer cents: prices are read from the menu once, as cents, and every sum is exact.
 * tax = round(subtotal × ds_tax / 100), shipping = round(subtotal × ds_shipping / 100), total = the three.
 */

/** A menu price (a number, or digits as text) in cents; undefined when it is not a price (missing, negative). */
export function centsOf(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  if (!Number.isFinite(number) || number < 0 || number > 1e12) return undefined;
  return Math.round(number * 100);
}

/** Cents as the currency's units with 2 decimals (the contracts' numbers). */
export function unitsOf(cents: number): number {
  return Math.round(cents) / 100;
}

/** 1234 → "12.34" (Western digits, for every language: prices are read and compared). */
export function moneyText(cents: number): string {
  return (cents / 100).toFixed(2);
}

export interface Totals {
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

/** A percentage of an amount in cents, rounded half up to the cent (percentages stay exact to 1e-9). */
function percentOf(cents: number, percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  return Math.round((cents * Math.round(percent * 1e6)) / 1e8 + 1e-9);
}

export function totalsOf(
  lines: readonly { quantity: number; priceCents: number }[],
  menu: { taxPercent: number; shippingPercent: number },
): Totals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.priceCents, 0);
  const taxCents = percentOf(subtotalCents, menu.taxPercent);
  const shippingCents = percentOf(subtotalCents, menu.shippingPercent);
  return { subtotalCents, taxCents, shippingCents, totalCents: subtotalCents + taxCents + shippingCents };
}
