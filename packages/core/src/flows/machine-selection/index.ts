export { loadMachineByName } from './load-machine.ts';
export { machineSelectionActors } from './machine-selection.actors.ts';
export { type MachineSelectionMachine, machineSelectionMachine } from './machine-selection.machine.ts';
export type {
  MachineSelectionEvent,
  MachineSelectionInput,
  MachineSelectionProblem,
} from './machine-selection.types.ts';
export { type MachineSelectionView, machineSelectionView } from './machine-selection.view.ts';
