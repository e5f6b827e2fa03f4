import { CODE_LENGTH, codePattern } from '../contract/member-formats.ts';
/** Spec §5: the verification code is 4 digits; anything else typed or pasted is dropped. */
export const codeDigits = (input: string) => input.replace(/\D/g, '').slice(0, CODE_LENGTH);

export const isCompleteCode = (code: string) => codePattern.test(code);
