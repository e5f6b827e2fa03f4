import type { SnapshotFrom } from 'xstate';
import type { AutoTopUpMachine } from './auto-top-up.machine.ts';

/** What the automatic top-up settings show: the settings as edited, what is wrong with them, and the save. */
export function autoTopUpView(snapshot: SnapshotFrom<AutoTopUpMachine>) {
  const { context } = snapshot;
  return {
    settings: context.settings,
    problem: context.problem,
    error: context.error,
    saving: snapshot.matches('saving'),
    saved: snapshot.matches('saved'),
  };
}

export type AutoTopUpView = ReturnType<typeof autoTopUpView>;
