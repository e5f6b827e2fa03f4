import { employeeNumberPattern } from '../contract/member-formats.ts';

/**
 * Spec §2/§6: machines that require an employee number and hide Add funds and
 * Payment methods. Exact IDs, plus IDs that start with one of the prefixes.
 */
const exactIds = new Set(['757', '758', '856', '858', '887', '892', '894', ...range(10, 20).map(String)]);

const prefixes = [
  'nim115',
  'nim116',
  'secic491',
  'secic492',
  'secic157',
  'secic188',
  'secic407',
  ...range(700, 710).map((n) => `nim${n}`),
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

export function isEmployeeNumberMachine(machineId: string | null | undefined): boolean {
  if (!machineId) return false;
  const id = machineId.trim().toLowerCase();
  return exactIds.has(id) || prefixes.some((prefix) => id.startsWith(prefix));
}

/** Spec §5: on those machines the employee number is 8 to 10 digits. */
export const isEmployeeNumber = (value: string) => employeeNumberPattern.test(value);

/** Spec §2/§6: on an employee-number machine, a member without a valid employee number must add one first. */
export const needsEmployeeNumber = (employeeMachine: boolean, member: { facebook_uid?: string | null } | null) =>
  employeeMachine && member !== null && !isEmployeeNumber(member.facebook_uid ?? '');
