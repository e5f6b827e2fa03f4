/**
 * Issue 32 point 5: amounts are kept in each currency's minor unit as ISO 4217 sets it (MXN 2 decimals,
 * JPY none, KWD 3), the digits Intl knows for the currency.
 */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Whole or decimal units of the currency (what the member reads) to its minor units (what is stored). */
export const toMinorUnits = (amount: number, currency: string) => Math.round(amount * 10 ** currencyDigits(currency));

/** Minor units back to the currency's units, with its decimals. */
export const fromMinorUnits = (minor: number, currency: string) => Math.round(minor) / 10 ** currencyDigits(currency);
