import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import type { ProductServer } from '../../contract/index.ts';
import { sessionMachine } from './session.machine.ts';
import type { LoadedMember, StoredSession } from './session.types.ts';
import { sessionView } from './session.view.ts';

const member = examples.member;
const machine = examples.machine;
const nothingStored: StoredSession = { token: null, memberId: null, machineName: null };

function start(stored: StoredSession, fakes: { loadMember?: () => Promise<LoadedMember> } = {}) {
  const calls = {
    loadMember: vi.fn(fakes.loadMember ?? (async (): Promise<LoadedMember> => ({ member, balance: 150, cards: [] }))),
    loadMachine: vi.fn(async (_: { name: string }) => machine),
    saveSession: vi.fn(async (_: unknown) => {}),
    saveMachine: vi.fn(async (_: { name: string | null }) => {}),
    forget: vi.fn(async (_: unknown) => {}),
  };
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restore: fromPromise(async () => stored),
        loadMember: fromPromise(() => calls.loadMember()),
        loadMachine: fromPromise(({ input }) => calls.loadMachine(input)),
        saveSession: fromPromise(({ input }) => calls.saveSession(input)),
        saveMachine: fromPromise(({ input }) => calls.saveMachine(input)),
        forget: fromPromise(({ input }) => calls.forget(input)),
      },
    }),
    { input: {} },
  ).start();
  return { actor, calls, view: () => sessionView(actor.getSnapshot()) };
}

const settled = (session: ReturnType<typeof start>) =>
  waitFor(
    session.actor,
    (snapshot) => !snapshot.matches('restoring') && !snapshot.matches({ active: { member: 'loading' } }),
  );

describe('issue 19: a session read from storage before the flow starts (a server-rendered page hydrating)', () => {
  it('is neither restoring nor signed in on its first snapshot when nothing is stored', () => {
    const actor = createActor(sessionMachine, { input: { stored: nothingStored } });

    const view = sessionView(actor.getSnapshot());

    expect(view).toMatchObject({ restoring: false, restored: true, signedIn: false, machineChosen: false });
  });

  it('knows the stored machine on its first snapshot, before its details load', () => {
    const actor = createActor(sessionMachine, {
      input: { stored: { token: null, memberId: null, machineName: 'demo' } },
    });

    const view = sessionView(actor.getSnapshot());

    expect(view).toMatchObject({ restored: true, machineChosen: true, machineName: 'demo', machineLoading: true });
  });

  it('never asks the restore actor for what it was given', async () => {
    const restore = vi.fn(async () => nothingStored);
    const actor = createActor(
      sessionMachine.provide({
        actors: { restore: fromPromise(restore), loadMachine: fromPromise(async () => machine) },
      }),
      { input: { stored: { token: null, memberId: null, machineName: 'demo' } } },
    ).start();

    await waitFor(actor, (snapshot) => snapshot.matches({ active: { machine: 'chosen' } }));

    expect(restore).not.toHaveBeenCalled();
    expect(sessionView(actor.getSnapshot()).machine).toEqual(machine);
  });
});

describe('issue 19: a machine the page already holds (a server-rendered /:vendingMachineName)', () => {
  const other = { ...machine, id: 99, name: 'lobby' };

  it('is chosen on the first snapshot, over the stored one, without loading', () => {
    const actor = createActor(sessionMachine, {
      input: { stored: { ...nothingStored, machineName: 'demo' }, machine: other },
    });

    const view = sessionView(actor.getSnapshot());

    expect(view).toMatchObject({ machine: other, machineName: 'lobby', machineLoading: false, machineChosen: true });
  });

  it('is stored as the chosen machine, and never read again', async () => {
    const loadMachine = vi.fn(async () => machine);
    const saveMachine = vi.fn(async (_: { name: string | null }) => {});
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          loadMachine: fromPromise(loadMachine),
          saveMachine: fromPromise(({ input }) => saveMachine(input)),
        },
      }),
      { input: { stored: { ...nothingStored, machineName: 'demo' }, machine: other } },
    ).start();

    await waitFor(actor, (snapshot) => snapshot.matches({ active: { machine: 'chosen' } }));

    expect(saveMachine).toHaveBeenCalledWith({ name: 'lobby' });
    expect(loadMachine).not.toHaveBeenCalled();
  });
});

describe('spec §4 session on start', () => {
  it('loads the member and balance when both a token and a member id are stored', async () => {
    const session = start({ token: 'tok', memberId: 17, machineName: null });
    await settled(session);
    expect(session.view()).toMatchObject({ signedIn: true, member, balance: 150 });
  });

  it.each([
    ['only a token', { token: 'tok', memberId: null, machineName: null }],
    ['only a member id', { token: null, memberId: 17, machineName: null }],
    ['nothing', nothingStored],
  ])('stays signed out with %s stored', async (_, stored) => {
    const session = start(stored);
    await settled(session);
    expect(session.view().signedIn).toBe(false);
    expect(session.calls.loadMember).not.toHaveBeenCalled();
  });

  it('loads the stored machine', async () => {
    const session = start({ ...nothingStored, machineName: 'demo' });
    await waitFor(session.actor, (snapshot) => snapshot.matches({ active: { machine: 'chosen' } }));
    expect(session.calls.loadMachine).toHaveBeenCalledWith({ name: 'demo' });
    expect(session.view().machine).toEqual(machine);
  });

  it('names the stored machine while its details still load', async () => {
    const session = start({ ...nothingStored, machineName: 'grande' });
    session.calls.loadMachine.mockImplementation(() => new Promise<ProductServer>(() => {}));

    await waitFor(session.actor, (snapshot) => !snapshot.matches('restoring'));

    expect(session.view()).toMatchObject({
      restored: true,
      machineName: 'grande',
      machine: null,
      machineLoading: true,
    });
  });

  it('ends a session the API refuses (401) and forgets it', async () => {
    const session = start(
      { token: 'old', memberId: 17, machineName: null },
      { loadMember: () => Promise.reject({ kind: 'http', status: 401 } as ApiError) },
    );
    await waitFor(session.actor, (snapshot) => snapshot.matches({ active: { member: 'signedOut' } }));
    expect(session.calls.forget).toHaveBeenCalledWith({ token: 'old', memberId: 17 });
    expect(session.view().signedIn).toBe(false);
  });

  it('keeps a session it cannot check right now, and says so', async () => {
    const session = start(
      { token: 'tok', memberId: 17, machineName: null },
      { loadMember: () => Promise.reject({ kind: 'network', status: null } as ApiError) },
    );
    await settled(session);
    expect(session.view()).toMatchObject({ signedIn: true, error: 'unreachable' });
  });
});

describe('spec §4 session: sign-in, logout and the machine', () => {
  it('stores a new session', async () => {
    const session = start(nothingStored);
    await settled(session);
    session.actor.send({ type: 'session.started', token: 'new', member });
    await waitFor(session.actor, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }));
    expect(session.calls.saveSession).toHaveBeenCalledWith({ token: 'new', memberId: member.id });
    expect(session.view()).toMatchObject({ signedIn: true, member });
  });

  it("reads the new member's balances and cards once the session is stored (issue 32 point 5: the header's currency)", async () => {
    const balances = [
      { amount: 150, currency: 'MXN' },
      { amount: 2000, currency: 'JPY' },
    ];
    const session = start(nothingStored, { loadMember: async () => ({ member, balance: 150, balances, cards: [] }) });
    await settled(session);

    session.actor.send({ type: 'session.started', token: 'new', member });
    await waitFor(
      session.actor,
      (snapshot) => snapshot.context.balances !== undefined && snapshot.context.balances !== null,
    );

    expect(session.calls.loadMember).toHaveBeenCalledTimes(1);
    expect(session.actor.getSnapshot().context.balances).toEqual(balances);
  });

  it('logout clears the stored session and the selected machine, and resets the session', async () => {
    const session = start({ token: 'tok', memberId: 17, machineName: 'demo' });
    await waitFor(session.actor, (snapshot) => snapshot.matches({ active: { machine: 'chosen', member: 'signedIn' } }));
    session.actor.send({ type: 'session.ended' });
    await waitFor(session.actor, (snapshot) => snapshot.matches({ active: { member: 'signedOut', machine: 'none' } }));
    expect(session.calls.forget).toHaveBeenCalledWith({ token: 'tok', memberId: 17 });
    expect(session.view()).toMatchObject({
      signedIn: false,
      member: null,
      balance: null,
      machine: null,
      machineChosen: false,
    });
  });

  it('stores the machine the member chose', async () => {
    const session = start(nothingStored);
    await settled(session);
    session.actor.send({ type: 'machine.chosen', machine });
    await waitFor(session.actor, (snapshot) => snapshot.matches({ active: { machine: 'chosen' } }));
    expect(session.calls.saveMachine).toHaveBeenCalledWith({ name: 'demo' });
  });

  it('a machine reset restores the defaults: no machine', async () => {
    const session = start({ ...nothingStored, machineName: 'demo' });
    await waitFor(session.actor, (snapshot) => snapshot.matches({ active: { machine: 'chosen' } }));
    session.actor.send({ type: 'machine.reset' });
    await waitFor(session.actor, (snapshot) => snapshot.matches({ active: { machine: 'none' } }));
    expect(session.calls.saveMachine).toHaveBeenLastCalledWith({ name: null });
    expect(session.view().machine).toBeNull();
  });

  it('refreshes the member on request', async () => {
    const session = start({ token: 'tok', memberId: 17, machineName: null });
    await settled(session);
    session.actor.send({ type: 'member.refresh' });
    await settled(session);
    expect(session.calls.loadMember).toHaveBeenCalledTimes(2);
  });
});

describe('spec §4 logout is immediate for the screens', () => {
  it('counts as signed out while the token is being revoked', async () => {
    let revoke: () => void = () => {};
    const calls = { forget: () => new Promise<void>((resolve) => (revoke = resolve)) };
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          restore: fromPromise(async (): Promise<StoredSession> => ({ token: 'tok', memberId: 17, machineName: null })),
          loadMember: fromPromise(async (): Promise<LoadedMember> => ({ member, balance: 150, cards: [] })),
          forget: fromPromise(() => calls.forget()),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }));
    actor.send({ type: 'session.ended' });
    expect(sessionView(actor.getSnapshot()).signedIn).toBe(false);
    revoke();
  });

  it('issue 15 point 1: a member signing out on an employee-number machine is no longer held for the number', async () => {
    let revoke: () => void = () => {};
    const withoutNumber = { ...member, facebook_uid: null };
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          restore: fromPromise(
            async (): Promise<StoredSession> => ({ token: 'tok', memberId: 17, machineName: '757' }),
          ),
          loadMember: fromPromise(
            async (): Promise<LoadedMember> => ({ member: withoutNumber, balance: 0, cards: [] }),
          ),
          loadMachine: fromPromise(async () => ({ ...machine, name: '757' })),
          forget: fromPromise(() => new Promise<void>((resolve) => (revoke = resolve))),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }));
    expect(sessionView(actor.getSnapshot()).needsEmployeeNumber).toBe(true);
    actor.send({ type: 'session.ended' });
    expect(sessionView(actor.getSnapshot()).needsEmployeeNumber).toBe(false);
    revoke();
  });
});
