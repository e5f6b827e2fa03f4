import type { Locale } from '../contract/primitives.ts';

const formats = new Map<string, Intl.NumberFormat>();

/** Spec §9: amounts with 2 decimals, in MXN unless the machine's country says otherwise, for the active language. */
export function formatMoney(amount: number, locale: Locale, currency = 'MXN'): string {
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
  return format.format(amount);
}
