import type { Locale } from '../contract/primitives.ts';

const formats = new Map<string, Intl.NumberFormat>();

/** Spec §9: amounts with 2 decimals, in MXN unless the machine's country says otherwise, for the active language. */
export function formatMoney(amount: number, locale: Locale, currency = 'MXN'): string {
  return (currency === 'MXN' ? formatPesos(amount, locale) : null) ?? intlFormat(locale, currency).format(amount);
}

function intlFormat(locale: Locale, currency: string): Intl.NumberFormat {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'es' ? 'es-MX' : 'en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format;
}

/** How Intl writes pesos in each language: "$1,234.50" in es-MX, "MX$1,234.50" in en-US. */
const pesoSymbols: Record<Locale, string> = { es: '$', en: 'MX$' };

/**
 * Pesos exactly as Intl.NumberFormat writes them, without creating one: a page's first NumberFormat
 * costs some 25 ms of main thread even on a fast computer, which the inventory's first paint cannot
 * spare. Rounds half away from zero on the number's shortest decimal form, as Intl does. Null for
 * what only Intl should write (NaN, infinities, exponents).
 */
function formatPesos(amount: number, locale: Locale): string | null {
  const digits = String(Math.abs(amount));
  const parts = /^(\d{1,12})(?:\.(\d+))?$/.exec(digits);
  if (!parts) return null;
  const [, whole = '', fraction = ''] = parts;
  let cents = Number(whole + fraction.slice(0, 2).padEnd(2, '0'));
  if ((fraction[2] ?? '0') >= '5') cents += 1;
  const units = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${pesoSymbols[locale]}${units}.${String(cents % 100).padStart(2, '0')}`;
}
