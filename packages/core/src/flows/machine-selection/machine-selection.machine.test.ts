import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import type { ProductServer, RecentMachine } from '../../contract/index.ts';
import { toldSession } from '../../test-support/told-session.ts';
import { machineSelectionMachine } from './machine-selection.machine.ts';
import { machineSelectionView } from './machine-selection.view.ts';

const demo = examples.machine;
const recent: RecentMachine[] = [{ id: 7, name: 'demo', status: 'online', image_url: null }];

function start(memberId: number | null = null, lookup: (name: string) => Promise<ProductServer> = async () => demo) {
  const calls = { lookup: vi.fn(lookup), loadRecent: vi.fn(async () => recent) };
  const actor = createActor(
    machineSelectionMachine.provide({
      actors: {
        lookup: fromPromise(({ input }) => calls.lookup(input.name)),
        loadRecent: fromPromise(() => calls.loadRecent()),
      },
    }),
    { input: { memberId, sitePath: 'https://vendo.mx/' } },
  ).start();
  return { actor, calls, view: () => machineSelectionView(actor.getSnapshot()) };
}

describe('spec §2 machine selection: typed machine ID', () => {
  it('lower-cases what is typed', () => {
    const flow = start();
    flow.actor.send({ type: 'id.changed', value: '@DEMO' });
    expect(flow.view().machineId).toBe('@demo');
  });

  it('looks the machine up without its @ and ends with it chosen', async () => {
    const flow = start();
    flow.actor.send({ type: 'id.changed', value: '@Demo' });
    flow.actor.send({ type: 'id.submitted' });
    const done = await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls.lookup).toHaveBeenCalledWith('demo');
    expect(done.output).toEqual({ machine: demo });
  });

  it('refuses a machine ID with spaces or symbols without asking the API', () => {
    const flow = start();
    flow.actor.send({ type: 'id.changed', value: 'de mo!' });
    flow.actor.send({ type: 'id.submitted' });
    expect(flow.view().problem).toBe('machine_id_invalid');
    expect(flow.calls.lookup).not.toHaveBeenCalled();
  });

  it('opens Machine not found and clears the field for an unknown machine (spec §8)', async () => {
    const flow = start(null, () => Promise.reject({ kind: 'http', status: 404 } as ApiError));
    flow.actor.send({ type: 'id.changed', value: 'nope' });
    flow.actor.send({ type: 'id.submitted' });
    await waitFor(flow.actor, (snapshot) => machineSelectionView(snapshot).notFound);
    expect(flow.view().machineId).toBe('');
    flow.actor.send({ type: 'not-found.dismissed' });
    expect(flow.view().notFound).toBe(false);
  });

  it('keeps the typed ID and says the API is unreachable', async () => {
    const flow = start(null, () => Promise.reject({ kind: 'network', status: null } as ApiError));
    flow.actor.send({ type: 'id.changed', value: 'demo' });
    flow.actor.send({ type: 'id.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.error !== null);
    expect(flow.view()).toMatchObject({ error: 'unreachable', machineId: 'demo' });
  });
});

describe('spec §5 QR codes', () => {
  it('routes a code from the product site to its machine', async () => {
    const flow = start();
    flow.actor.send({ type: 'qr.decoded', text: 'https://vendo.mx/demo' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls.lookup).toHaveBeenCalledWith('demo');
  });

  it('refuses a code from another site', () => {
    const flow = start();
    flow.actor.send({ type: 'qr.decoded', text: 'https://otro.example/demo' });
    expect(flow.view().problem).toBe('qr_other_site');
    expect(flow.calls.lookup).not.toHaveBeenCalled();
  });
});

describe('spec §2 recent machines', () => {
  it("lists the signed-in member's recent machines", async () => {
    const flow = start(17);
    await waitFor(flow.actor, (snapshot) => snapshot.matches({ choosing: { recent: 'loaded' } }));
    expect(flow.view().recent).toEqual(recent);
  });

  it('lists none for a visitor, without asking', () => {
    const flow = start(null);
    expect(flow.calls.loadRecent).not.toHaveBeenCalled();
  });

  it('chooses a recent machine in one tap', async () => {
    const flow = start(17);
    flow.actor.send({ type: 'recent.chosen', name: 'demo' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls.lookup).toHaveBeenCalledWith('demo');
  });
});

describe("the machine found becomes the session's chosen one (spec §4 session; issue 34 point 1)", () => {
  it('tells the session the machine the lookup found', async () => {
    const { session, told } = toldSession();
    const actor = createActor(machineSelectionMachine.provide({ actors: { lookup: fromPromise(async () => demo) } }), {
      input: { memberId: null, sitePath: 'https://vendo.mx/', session },
    }).start();

    actor.send({ type: 'recent.chosen', name: 'demo' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');

    expect(told).toEqual([{ type: 'machine.chosen', machine: demo }]);
  });

  it('tells the session nothing of a machine that was not found', async () => {
    const { session, told } = toldSession();
    const notFound = { kind: 'http', status: 404 } as ApiError;
    const actor = createActor(
      machineSelectionMachine.provide({ actors: { lookup: fromPromise(() => Promise.reject(notFound)) } }),
      { input: { memberId: null, sitePath: 'https://vendo.mx/', session } },
    ).start();

    actor.send({ type: 'recent.chosen', name: 'nope' });
    await waitFor(actor, (snapshot) => machineSelectionView(snapshot).notFound);

    expect(told).toEqual([]);
  });
});
