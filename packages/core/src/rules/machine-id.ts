export type MachineIdProblem = 'machine_id_empty' | 'machine_id_invalid';
export type MachineIdResult = { ok: true; name: string } | { ok: false; problem: MachineIdProblem };

/**
 * Not in the spec: our bound on what a machine name may be, so a lookup never
 * carries spaces, symbols or a path into GET product_server/{name}.
 */
const MACHINE_NAME = /^[a-z0-9_-]{1,64}$/;

/**
 * Spec §2: the machine-ID field reads like "@demo1" and is lower-cased. The
 * member may type the @ or leave it out; surrounding spaces are dropped.
 */
export function machineIdFrom(input: string): MachineIdResult {
  const name = input.trim().replace(/^@/, '').toLowerCase();
  if (name === '') return { ok: false, problem: 'machine_id_empty' };
  if (!MACHINE_NAME.test(name)) return { ok: false, problem: 'machine_id_invalid' };
  return { ok: true, name };
}

/** Spec §2: the inventory header and the card-link screen show the machine name prefixed by @. */
export const displayMachineName = (name: string) => `@${name}`;
