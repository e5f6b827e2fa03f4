import {
  type InventoryError,
  inventoryActors,
  inventoryMachine,
  type MachineIdProblem,
  machineIdFrom,
  machineSelectionActors,
  machineSelectionMachine,
  type ProductServer,
  type ProductServerItem,
} from '@vendo/core';
import { createActor, waitFor } from 'xstate';
import type { CommandContext } from './context.ts';

/** What a lookup found, or why not: core's code for it and the words for a person. */
export type Found<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: string; readonly message: string };

/** A typed ID's problems (the QR ones never come from a command line). */
const isIdProblem = (problem: string | null): problem is MachineIdProblem =>
  problem === 'machine_id_empty' || problem === 'machine_id_invalid';

/** A flow's failure code (no answer, or anything else) with its words. */
function loadFailure(context: CommandContext, error: InventoryError | null) {
  return error === 'unreachable'
    ? { ok: false as const, code: 'unreachable', message: context.texts.apiFailures.network(context.address) }
    : { ok: false as const, code: 'unknown', message: context.texts.generic };
}

/**
 * A machine by its ID, through core's machine-selection flow (spec §2: `@` optional, lower-cased);
 * an unknown one is the Machine not found of spec §8.
 */
export async function findMachine(context: CommandContext, typed: string): Promise<Found<ProductServer>> {
  const read = machineIdFrom(typed);
  const flow = createActor(machineSelectionMachine.provide({ actors: machineSelectionActors({ api: context.api }) }), {
    input: { memberId: null, sitePath: '' },
  }).start();
  try {
    flow.send({ type: 'id.changed', value: typed });
    flow.send({ type: 'id.submitted' });
    const settled = await waitFor(
      flow,
      (snapshot) =>
        snapshot.status === 'done' ||
        snapshot.matches({ choosing: { form: 'notFound' } }) ||
        (snapshot.matches({ choosing: { form: 'idle' } }) &&
          (snapshot.context.problem !== null || snapshot.context.error !== null)),
    );
    if (settled.status === 'done') return { ok: true, value: settled.output.machine };
    const name = read.ok ? read.name : typed;
    if (settled.matches({ choosing: { form: 'notFound' } })) {
      return { ok: false, code: 'machine_not_found', message: context.texts.machineNotFound(name) };
    }
    const problem = settled.context.problem;
    if (isIdProblem(problem)) return { ok: false, code: problem, message: context.texts.machineProblems[problem] };
    return loadFailure(context, settled.context.error);
  } finally {
    flow.stop();
  }
}

/** What a machine sells, through core's inventory flow. */
export async function loadProducts(
  context: CommandContext,
  machine: ProductServer,
): Promise<Found<readonly ProductServerItem[]>> {
  const flow = createActor(inventoryMachine.provide({ actors: inventoryActors({ api: context.api }) }), {
    input: { machineId: machine.id },
  }).start();
  try {
    const settled = await waitFor(flow, (snapshot) => snapshot.matches('ready') || snapshot.matches('failed'));
    if (settled.matches('failed')) return loadFailure(context, settled.context.error);
    return { ok: true, value: settled.context.items };
  } finally {
    flow.stop();
  }
}
