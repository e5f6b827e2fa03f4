import { type MachineIdResult, machineIdFrom } from '@vendo/core';

/** Spec §2 `/:vendingMachineName`: the machine an address names, as the machine-ID field would read it. */
export function machineOfAddress(segment: string): MachineIdResult {
  try {
    return machineIdFrom(decodeURIComponent(segment));
  } catch {
    // A stray `%` (a QR code printed wrong): no name at all.
    return { ok: false, problem: 'machine_id_invalid' };
  }
}
