import type { SnapshotFrom } from 'xstate';
import type { MachineSelectionMachine } from './machine-selection.machine.ts';

/** What the machine-selection screen shows. */
export function machineSelectionView(snapshot: SnapshotFrom<MachineSelectionMachine>) {
  const { context } = snapshot;
  return {
    machineId: context.machineId,
    problem: context.problem,
    error: context.error,
    busy: snapshot.matches({ choosing: { form: 'lookingUp' } }),
    notFound: snapshot.matches({ choosing: { form: 'notFound' } }),
    recent: context.recent,
    recentLoading: snapshot.matches({ choosing: { recent: 'loading' } }),
    chosen: snapshot.status === 'done' ? context.machine : null,
  };
}

export type MachineSelectionView = ReturnType<typeof machineSelectionView>;
