import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type InputFrom,
  type SnapshotFrom,
  waitFor,
} from 'xstate';

/**
 * A core flow that reads something once (`loading`, then what it found): started, read to its first answer,
 * seen through the flow's view, stopped. What a command shows is then the app's view of the same read.
 */
export async function readOnce<M extends AnyStateMachine, V>(
  logic: M,
  input: InputFrom<M>,
  view: (snapshot: SnapshotFrom<M>) => V,
): Promise<V> {
  const flow = createActor(logic, { input }).start();
  // XState types the snapshot of a machine left generic loosely: every flow given here is a state machine.
  try {
    const settled = await waitFor(flow, (snapshot) => !(snapshot as AnyMachineSnapshot).matches('loading'));
    return view(settled as SnapshotFrom<M>);
  } finally {
    flow.stop();
  }
}
