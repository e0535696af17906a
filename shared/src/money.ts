import type { TLocale } from './users.ts';

/** Money is integer øre everywhere; only this module turns it into text. */
const NBSP = '\u00a0';

function group(n: number, sep: string): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/** The minus sign of a negative amount: the typographic one, as Intl writes it in both languages. */
export const MINUS = '\u2212';

/**
 * `1 234,50` (nb) or `1,234.50` (en), without a currency: for printed columns of amounts.
 * A negative amount has the minus sign (−), never a hyphen, and zero is never negative (−0,00).
 */
export function formatAmount(ore: number, locale: TLocale = 'nb'): string {
  if (!Number.isInteger(ore)) throw new RangeError(`money must be whole øre, got ${ore}`);
  const sign = ore < 0 ? MINUS : '';
  const abs = Math.abs(ore);
  const kroner = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return locale === 'nb' ? `${sign}${group(kroner, NBSP)},${rest}` : `${sign}${group(kroner, ',')}.${rest}`;
}

/** `kr 1 234,50` (nb) or `NOK 1,234.50` (en); `−kr 25,50` when negative. */
export function formatMoney(ore: number, locale: TLocale = 'nb'): string {
  const amount = formatAmount(ore, locale);
  const sign = amount.startsWith(MINUS) ? MINUS : '';
  return `${sign}${locale === 'nb' ? 'kr' : 'NOK'}${NBSP}${amount.slice(sign.length)}`;
}

/** Parses what a person types as kroner (`12,50`, `12.5`, `1 234`) into øre, or null. */
export function parseKroner(text: string): number | null {
  const compact = text
    .replace(/[\s\u00a0]/g, '')
    .replace(/^kr/i, '')
    .replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(compact)) return null;
  const [whole = '0', fraction = ''] = compact.replace('-', '').split('.');
  const ore = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return compact.startsWith('-') ? -ore : ore;
}

/** A share of an amount, rounded half up to whole øre. */
export function percentOf(ore: number, percent: number): number {
  return Math.round((ore * percent) / 100);
}
