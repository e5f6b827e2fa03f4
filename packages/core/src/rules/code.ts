/** Spec §5/§9: the verification code is this many digits. */
export const CODE_LENGTH = 4;

/** Spec §5: the verification code is 4 digits; anything else typed or pasted is dropped. */
export const codeDigits = (input: string) => input.replace(/\D/g, '').slice(0, CODE_LENGTH);

export const isCompleteCode = (code: string) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
