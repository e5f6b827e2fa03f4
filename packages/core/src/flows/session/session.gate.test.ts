import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { examples } from '../../contract/examples.ts';
import type { CommunityMember } from '../../contract/index.ts';
import { sessionMachine } from './session.machine.ts';
import type { LoadedMember, StoredSession } from './session.types.ts';
import { sessionView } from './session.view.ts';

// Spec §2/§6: on an employee-number machine (757 is one) a member without a valid employee number is
// held on /edit-profile until they add one or choose another machine. The session decides it once
// (`needsEmployeeNumber`, `employeeMachine`); the guard, the menu and the wallet screens only read it.

const withoutNumber: CommunityMember = { ...examples.member, facebook_uid: null };
const withNumber: CommunityMember = { ...examples.member, facebook_uid: '12345678' };

/** A session restored on `machineName`, whose member reads as each of `members` in turn (the last one stays). */
function start(machineName: string, members: readonly CommunityMember[]) {
  let reads = 0;
  const stored: StoredSession = { token: 'tok', memberId: examples.member.id, machineName };
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restore: fromPromise(async () => stored),
        loadMember: fromPromise(
          async (): Promise<LoadedMember> => ({
            member: members[Math.min(reads++, members.length - 1)] ?? withoutNumber,
            balance: 0,
            cards: [],
          }),
        ),
        loadMachine: fromPromise(async ({ input }) => ({ ...examples.machine, name: input.name })),
        saveMachine: fromPromise(async () => {}),
        forget: fromPromise(async () => {}),
      },
    }),
    { input: {}, clock: new SimulatedClock() },
  ).start();
  const signedIn = () => waitFor(actor, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }));
  return { actor, signedIn, view: () => sessionView(actor.getSnapshot()) };
}

describe('the employee-number gate (spec §2/§6; issue 34 point 1)', () => {
  it('holds a member without an employee number on an employee-number machine', async () => {
    const session = start('757', [withoutNumber]);

    await session.signedIn();

    expect(session.view()).toMatchObject({ employeeMachine: true, needsEmployeeNumber: true });
  });

  it('lets a member with a valid employee number through on such a machine', async () => {
    const session = start('757', [withNumber]);

    await session.signedIn();

    expect(session.view()).toMatchObject({ employeeMachine: true, needsEmployeeNumber: false });
  });

  it('never holds anyone on another machine, and offers the wallet there', async () => {
    const session = start(examples.machine.name, [withoutNumber]);

    await session.signedIn();

    expect(session.view()).toMatchObject({ employeeMachine: false, needsEmployeeNumber: false });
  });

  it('lets the member go once the saved number is read back (the profile save refreshes the member)', async () => {
    const session = start('757', [withoutNumber, withNumber]);
    await session.signedIn();

    session.actor.send({ type: 'member.refresh' });
    await session.signedIn();

    expect(session.view().needsEmployeeNumber).toBe(false);
  });

  it('lets the member go when they choose a machine that asks for no number', async () => {
    const session = start('757', [withoutNumber]);
    await session.signedIn();

    session.actor.send({ type: 'machine.chosen', machine: examples.machine });

    expect(session.view()).toMatchObject({ employeeMachine: false, needsEmployeeNumber: false });
  });

  it('holds the member as soon as such a machine is chosen', async () => {
    const session = start(examples.machine.name, [withoutNumber]);
    await session.signedIn();

    session.actor.send({ type: 'machine.chosen', machine: { ...examples.machine, name: 'nim115-3' } });

    expect(session.view()).toMatchObject({ employeeMachine: true, needsEmployeeNumber: true });
  });
});
