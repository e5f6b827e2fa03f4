import * as z from 'zod/mini';

/**
 * Issue 37 point 2: a CLABE (Clave Bancaria Estandarizada), the 18 digits a SPEI transfer is sent to: 3 of the
 * bank, 3 of the branch (plaza), 11 of the account and 1 check digit. Every Mexican bank checks the digit
 * before it sends a transfer, so a number that fails it never reaches anyone.
 */
export const clabePattern = /^\d{18}$/;

/** The weights 3, 7, 1 repeat over the first 17 digits (Banxico's rule). */
const weights = [3, 7, 1] as const;

/**
 * The check digit of the first 17 digits: each digit times its weight, keeping only the units; their sum's
 * units taken from 10, and 10 read as 0.
 */
export function clabeCheckDigit(first17: string): number {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('a CLABE check digit is computed over 17 digits');
  let sum = 0;
  for (let index = 0; index < 17; index++) sum += (Number(first17[index]) * (weights[index % 3] ?? 1)) % 10;
  return (10 - (sum % 10)) % 10;
}

/** 18 digits whose last is the check digit of the 17 before it. */
export const isValidClabe = (text: string) =>
  clabePattern.test(text) && clabeCheckDigit(text.slice(0, 17)) === Number(text[17]);

/** A CLABE on the wire: 18 digits with a valid check digit. */
export const Clabe = z.string().check(z.refine(isValidClabe, 'a CLABE: 18 digits with a valid check digit'));

/** The CLABE of a bank, a branch and an account number, its check digit added. */
export function clabeOf(bank: string, branch: string, account: number): string {
  const first17 = `${bank}${branch}${String(account).padStart(11, '0')}`;
  return `${first17}${clabeCheckDigit(first17)}`;
}
