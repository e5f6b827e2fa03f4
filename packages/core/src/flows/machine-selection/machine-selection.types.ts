import type { ActorRef, Snapshot } from 'xstate';
import type { ProductServer, RecentMachine } from '../../contract/index.ts';

export type MachineSelectionProblem = 'machine_id_empty' | 'machine_id_invalid' | 'qr_other_site' | 'qr_no_machine';
export type MachineSelectionError = 'unreachable' | 'unknown';

export interface MachineSelectionInput {
  /** The signed-in member, whose recent machines are listed; null for visitors. */
  readonly memberId: number | null;
  /** The product's site path that QR codes must contain (spec §5), e.g. https://vendo.mx/. */
  readonly sitePath: string;
  /** The session the machine found becomes the chosen one of (spec §4 session); none in a one-shot lookup. */
  readonly session?: MachineChooser | undefined;
}

/** A session that takes the chosen machine. */
export type MachineChooser = ActorRef<Snapshot<unknown>, { type: 'machine.chosen'; machine: ProductServer }>;

export interface MachineSelectionContext extends MachineSelectionInput {
  readonly machineId: string;
  readonly problem: MachineSelectionProblem | null;
  readonly error: MachineSelectionError | null;
  readonly lookingFor: string | null;
  readonly recent: RecentMachine[];
  readonly machine: ProductServer | null;
}

export type MachineSelectionEvent =
  | { type: 'id.changed'; value: string }
  | { type: 'id.submitted' }
  | { type: 'qr.decoded'; text: string }
  | { type: 'recent.chosen'; name: string }
  | { type: 'not-found.dismissed' };

export interface MachineSelectionOutput {
  machine: ProductServer;
}
