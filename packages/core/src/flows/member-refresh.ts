import type { ActorRef, Snapshot } from 'xstate';

/** What a flow tells the session when the member changed under it: read them again. */
export const memberRefresh = { type: 'member.refresh' } as const;

/**
 * The session a flow tells of a change to the member it made (a payment, a refund, a saved profile or
 * card list): the header's balance and the buy's cards follow it (spec §4 session). Optional: a front end
 * that keeps no session (a test, a one-shot command) passes none.
 */
export type MemberRefresher = ActorRef<Snapshot<unknown>, typeof memberRefresh>;

/** A flow's input and context that may name its session. */
export interface RefreshesMember {
  readonly session?: MemberRefresher | undefined;
}

/**
 * The action a flow names `refreshMember` in its setup: tells its session, if it has one. A message to
 * another actor, sent once the transition is taken; the session's reading of the member is its own effect.
 */
export const refreshMember = ({ context }: { context: RefreshesMember }) => context.session?.send(memberRefresh);
