/**
 * Money is held as integer satang (1 THB = 100 satang) everywhere inside the service, so that sums
 * and comparisons are exact; it becomes a Float of baht only at the edges.
 */
export type Satang = number;

/** The currency of every amount: Thai baht, kept in integer satang (1 baht = 100 satang). */
export const CURRENCY = 'THB';

/** 12345 → 123.45 (for GraphQL Float fields and JSON bodies). */
export function toBaht(satang: Satang): number {
  return satang / 100;
}

/** 123.45 → 12345; rounds half away from zero to the nearest satang. */
export function toSatang(baht: number): Satang {
  const scaled = baht * 100;
  return Math.sign(scaled) * Math.round(Math.abs(scaled) + 1e-9);
}

/** `Math.round` for percentages of satang amounts: half away from zero, integer result. */
export function percentOf(satang: Satang, percent: number): Satang {
  return Math.sign(satang) * Math.round((Math.abs(satang) * percent) / 100);
}

/** "฿1,234.50" style text for pages. */
export function formatBaht(satang: Satang, locale: 'en' | 'th' = 'en'): string {
  return new Intl.NumberFormat(locale === 'th' ? 'th-TH' : 'en-TH', {
    style: 'currency',
    currency: CURRENCY,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  }).format(toBaht(satang));
}
