import type { Locale } from '../contract/primitives.ts';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Spec §9: amounts in MXN unless the machine's country says otherwise, for the active language, with
 * the currency's own decimals as ISO 4217 sets them (issue 32 point 5: MXN 2, JPY none, KWD 3) and its
 * symbol ("¥2,000"). Pesos read the same in both languages (issue 15 point 15): "$14.00", as Mexico writes them,
 * never "MX$14.00" in English; where the currency must be named, formatCardCharge adds it.
 */
export function formatMoney(amount: number, locale: Locale, currency = 'MXN'): string {
  if (currency === 'MXN') return formatPesos(amount) ?? intlFormat('es', currency).format(amount);
  return intlFormat(locale, currency).format(amount);
}

/** An amount charged to a card names its currency, as the card statement will: "$14.00 MXN". */
export function formatCardCharge(amount: number, locale: Locale, currency = 'MXN'): string {
  return `${formatMoney(amount, locale, currency)} ${currency}`;
}

/**
 * A movement of the balance as the member reads it (issue 15 point 17): a purchase is what it cost,
 * "$6.50", never "-$6.50"; money coming in is marked "+$100.00".
 */
export function formatMovement(amount: number, locale: Locale, currency = 'MXN'): string {
  return amount > 0 ? `+${formatMoney(amount, locale, currency)}` : formatMoney(Math.abs(amount), locale, currency);
}

function intlFormat(locale: Locale, currency: string): Intl.NumberFormat {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    // Without fraction digits named, Intl takes the currency's minor unit.
    format = new Intl.NumberFormat(locale === 'es' ? 'es-MX' : 'en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * Pesos exactly as Intl.NumberFormat writes them in es-MX ("$1,234.50"), without creating one: a page's first NumberFormat
 * costs some 25 ms of main thread even on a fast computer, which the inventory's first paint cannot
 * spare. Rounds half away from zero on the number's shortest decimal form, as Intl does. Null for
 * what only Intl should write (NaN, infinities, exponents).
 */
function formatPesos(amount: number): string | null {
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
  return `${sign}$${units}.${String(cents % 100).padStart(2, '0')}`;
}
