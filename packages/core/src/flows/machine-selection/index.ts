export { loadMachineByName } from './load-machine.ts';
export { machineSelectionActors } from './machine-selection.actors.ts';
export {
  type MachineSelectionEvent,
  type MachineSelectionInput,
  type MachineSelectionMachine,
  type MachineSelectionProblem,
  machineSelectionMachine,
} from './machine-selection.machine.ts';
export { type MachineSelectionView, machineSelectionView } from './machine-selection.view.ts';
