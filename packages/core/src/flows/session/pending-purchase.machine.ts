import { type AnyActorRef, fromCallback, setup } from 'xstate';
import { PENDING_PURCHASE_MS } from './session.rules.ts';
import type { PendingPurchase } from './session.types.ts';

export interface PendingPurchaseInput {
  readonly purchase: PendingPurchase;
  /** The session that keeps it: the purchase waits for its member. */
  readonly session: AnyActorRef;
}

/**
 * Issue 15 point 4: the purchase a visitor asked for, kept by the session while they sign in. It is ready
 * once the session's member is signed in and read (a sign-in brings the member alone: the cards come next,
 * and the buy decides on them; a member who could not be read goes on without them, as any screen does);
 * its buy then takes it. A sign-in that takes longer than PENDING_PURCHASE_MS, or none, drops it.
 */
export const pendingPurchaseMachine = setup({
  types: {} as {
    context: PendingPurchaseInput;
    input: PendingPurchaseInput;
    events: { type: 'member.read' } | { type: 'purchase.taken' } | { type: 'purchase.dropped' };
  },
  actors: {
    /** Says when the session has its member read. */
    memberRead: fromCallback<{ type: 'member.read' }, AnyActorRef>(({ input: session, sendBack }) => {
      const check = () => {
        if (session.getSnapshot().matches({ active: { member: 'signedIn' } })) sendBack({ type: 'member.read' });
      };
      const subscription = session.subscribe(check);
      check();
      return () => subscription.unsubscribe();
    }),
  },
  delays: { pendingPurchaseLimit: PENDING_PURCHASE_MS },
}).createMachine({
  id: 'pendingPurchase',
  context: ({ input }) => input,
  initial: 'kept',
  states: {
    kept: {
      initial: 'waitingForMember',
      after: { pendingPurchaseLimit: 'dropped' },
      // The login modal closed without a sign-in: the visitor gave it up.
      on: { 'purchase.dropped': 'dropped' },
      states: {
        waitingForMember: {
          invoke: { src: 'memberRead', input: ({ context }) => context.session },
          on: { 'member.read': 'ready' },
        },
        ready: { on: { 'purchase.taken': '#pendingPurchase.taken' } },
      },
    },
    taken: { type: 'final' },
    dropped: { type: 'final' },
  },
});

export type PendingPurchaseMachine = typeof pendingPurchaseMachine;
