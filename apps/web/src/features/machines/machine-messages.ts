import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { InventoryError, MachineSelectionProblem } from '@vendo/core';
import type { ScanProblem } from '../../lib/platform/qr-scanner.ts';

/** Spec §2/§5: what is wrong with a typed machine ID or a scanned code. */
export const machineProblemMessages: Record<MachineSelectionProblem, MessageDescriptor> = {
  machine_id_empty: msg`Type the machine ID shown on the machine.`,
  machine_id_invalid: msg`A machine ID has only letters, digits, - and _.`,
  qr_other_site: msg`That QR code is not from a Vendo machine.`,
  qr_no_machine: msg`That QR code does not name a machine.`,
};

export const scanProblemMessages: Record<ScanProblem | 'ios_needs_safari' | 'unsupported', MessageDescriptor> = {
  camera_denied: msg`Vendo may not use the camera. Allow it in your browser settings, or type the machine ID.`,
  camera_missing: msg`No camera was found. Type the machine ID instead.`,
  camera_failed: msg`The camera could not start. Type the machine ID instead.`,
  ios_needs_safari: msg`On iPhone, open this page in Safari to scan QR codes.`,
  unsupported: msg`This browser cannot scan QR codes. Type the machine ID instead.`,
};

export const loadErrorMessages: Record<InventoryError, MessageDescriptor> = {
  unreachable: msg`We could not reach Vendo. Check your connection and try again.`,
  unknown: msg`An error occurred in the process, please try again.`,
};
