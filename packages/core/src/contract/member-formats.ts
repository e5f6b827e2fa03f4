// What a member types that the wire checks too: the sign-in's phone and code, and the employee number.
// Written once here, without zod, so the first screen's starting values load without the contract's checks.

/** Spec §9: a phone number is 10 digits, without its country code. */
export const PHONE_LENGTH = 10;
export const phonePattern = new RegExp(`^\\d{${PHONE_LENGTH}}$`);
/** The same phone with its country code first, as one string (`+525512345678`): the code, then the number. */
export const internationalPhonePattern = new RegExp(`^(\\+\\d{1,3})(\\d{${PHONE_LENGTH}})$`);

/** Spec §5/§9: the verification code is this many digits. */
export const CODE_LENGTH = 4;
export const codePattern = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** Spec §5: on an employee-number machine the number is 8 to 10 digits. */
export const employeeNumberPattern = /^\d{8,10}$/;
