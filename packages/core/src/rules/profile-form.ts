import type { CommunityMember, Gender } from '../contract/index.ts';
import { isEmployeeNumber } from './employee-machines.ts';

/** Spec §3: the genders offered; their labels are translated, the stored values are these. */
export const GENDERS = ['Hombre', 'Mujer', 'Otro'] as const satisfies readonly Gender[];

/** What the edit-profile form holds; the birth date as typed, DD/MM/YYYY. */
export interface ProfileForm {
  readonly name: string;
  readonly birthDate: string;
  readonly gender: Gender | '';
  readonly email: string;
  readonly employeeNumber: string;
}

export type ProfileField = keyof ProfileForm;

export type ProfileProblem =
  | 'name_missing'
  | 'birth_date_missing'
  | 'birth_date_format'
  | 'birth_date_invalid'
  | 'birth_date_future'
  | 'gender_missing'
  | 'email_missing'
  /** Resend verification asked with no email saved yet (issue 15 point 14). */
  | 'email_not_saved'
  | 'email_invalid'
  | 'email_in_use'
  | 'employee_number_length';

/**
 * Spec §5 profile save: the birth-date input adds a slash after 2 and 5 characters as the member types
 * (never while deleting), and keeps digits only. A date pasted or autofilled whole (issue 15 point 19) is
 * read as a date: ISO `YYYY-MM-DD` (what autofill gives) or day, month and a 4-digit year with `/`, `-`,
 * `.` or spaces, shown as DD/MM/YYYY. Anything else pasted that the slashes would turn into another text
 * is left as pasted, so the form's message says how to write the date instead of the field silently
 * showing a different one.
 */
export function typeBirthDate(previous: string, typed: string): string {
  const slashed = slashDigits(typed, typed.length < previous.length);
  // One character typed or deleted is a keystroke: a middle edit must never be re-read as a whole date.
  if (insertedLength(previous, typed) <= 1) return slashed;
  const whole = wholeDate(typed.trim());
  if (whole) return whole;
  const pasted = typed.trim();
  const sameText = slashed.replace(/\/$/, '') === pasted.replace(/\/$/, '');
  return /^\d*$/.test(pasted) || sameText ? slashed : pasted;
}

function slashDigits(typed: string, deleting: boolean): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  let text = digits.slice(0, 2);
  if (digits.length > 2 || (digits.length === 2 && !deleting)) text += '/';
  text += digits.slice(2, 4);
  if (digits.length > 4 || (digits.length === 4 && !deleting)) text += '/';
  text += digits.slice(4);
  return text;
}

/** How many characters the change put in, once the text kept before and after it is set aside. */
function insertedLength(previous: string, typed: string): number {
  let start = 0;
  while (start < previous.length && start < typed.length && previous[start] === typed[start]) start++;
  let end = 0;
  while (
    end < previous.length - start &&
    end < typed.length - start &&
    previous[previous.length - 1 - end] === typed[typed.length - 1 - end]
  ) {
    end++;
  }
  return typed.length - start - end;
}

/** `YYYY-MM-DD` (or with `/`, `.`) and `D/M/YYYY` (or with `-`, `.`, spaces) as DD/MM/YYYY; else null. */
function wholeDate(text: string): string | null {
  const yearFirst = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})([-/. ])(\d{1,2})\2(\d{4})$/.exec(text);
  const [year, month, day] = yearFirst
    ? [yearFirst[1], yearFirst[3], yearFirst[4]]
    : dayFirst
      ? [dayFirst[4], dayFirst[3], dayFirst[1]]
      : [];
  if (!year || !month || !day) return null;
  return `${day.padStart(2, '0')}/${month.padStart(2, '0')}/${year}`;
}

/** DD/MM/YYYY → YYYY-MM-DD, or why not: a day that does not exist, or one still to come. */
export function parseBirthDate(
  text: string,
  now: Date,
): { ok: true; iso: string } | { ok: false; problem: ProfileProblem } {
  if (text.trim() === '') return { ok: false, problem: 'birth_date_missing' };
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return { ok: false, problem: 'birth_date_format' };
  const [, day = '', month = '', year = ''] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  if (!real || Number(year) < 1900) return { ok: false, problem: 'birth_date_invalid' };
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  if (date.getTime() > today) return { ok: false, problem: 'birth_date_future' };
  return { ok: true, iso: `${year}-${month}-${day}` };
}

/** An address with a name, an @ and a domain with a dot. */
export const isEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(text.trim());

/**
 * Spec §5 profile save: name, email, birth date and gender are required; on
 * employee-number machines (spec §6) the employee number is 8 to 10 digits.
 */
export function checkProfile(
  form: ProfileForm,
  options: { readonly employeeMachine: boolean; readonly now: Date },
): Partial<Record<ProfileField, ProfileProblem>> {
  const problems: Partial<Record<ProfileField, ProfileProblem>> = {};
  if (form.name.trim() === '') problems.name = 'name_missing';
  const birth = parseBirthDate(form.birthDate, options.now);
  if (!birth.ok) problems.birthDate = birth.problem;
  if (form.gender === '') problems.gender = 'gender_missing';
  if (form.email.trim() === '') problems.email = 'email_missing';
  else if (!isEmail(form.email)) problems.email = 'email_invalid';
  if (options.employeeMachine && !isEmployeeNumber(form.employeeNumber.trim())) {
    problems.employeeNumber = 'employee_number_length';
  }
  return problems;
}

/** The form for a member as the API has them (birth date shown as DD/MM/YYYY). */
export function profileForm(member: CommunityMember | null): ProfileForm {
  const [year, month, day] = (member?.birth_date ?? '').split('-');
  return {
    name: member?.name ?? '',
    birthDate: year && month && day ? `${day}/${month}/${year}` : '',
    gender: member?.gender ?? '',
    email: member?.email ?? '',
    employeeNumber: member?.facebook_uid ?? '',
  };
}
