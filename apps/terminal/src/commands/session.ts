import {
  type Buyer,
  type CommunityMember,
  type SessionMachine,
  sessionActors,
  sessionMachine,
  storageKeys,
} from '@vendo/core';
import { type Actor, createActor, waitFor } from 'xstate';
import type { CommandContext } from './context.ts';

/** Core's session flow for one command: it holds the member, and the deal a buy makes (issue 34 point 1). */
export type SessionActor = Actor<SessionMachine>;

/** A session actor on the command's server and storage, not started yet: restoreSession starts it. */
export function createSession(context: CommandContext): SessionActor {
  return createActor(
    sessionMachine.provide({ actors: sessionActors({ api: context.api, storage: context.storage }) }),
    { input: {} },
  );
}

export type SignedIn = {
  readonly ok: true;
  readonly member: CommunityMember;
  /** Who buys: the member's id, MXN balance and saved cards (spec §4 buy flow decides on them). */
  readonly buyer: Buyer;
};

export type NotSignedIn = { readonly ok: false; readonly reason: 'notSignedIn' | 'expired' | 'unreachable' };

/**
 * The kept session, through core's session flow (spec §4 session): a stored token and member id
 * load the member, balance and cards; a token the server refuses ends the session and is forgotten.
 * A session given (createSession) is started here and left running: the caller stops it. Without one,
 * a session of its own is read and stopped.
 */
export async function restoreSession(context: CommandContext, given?: SessionActor): Promise<SignedIn | NotSignedIn> {
  // Read first: a refused token is forgotten on the way, and then it is as if there had been none.
  const hadToken = context.storage.read(storageKeys.token) !== null;
  const session = (given ?? createSession(context)).start();
  try {
    const settled = await waitFor(
      session,
      (snapshot) =>
        snapshot.matches({ active: { member: 'signedIn' } }) || snapshot.matches({ active: { member: 'signedOut' } }),
    );
    const { member, balance, cards, error } = settled.context;
    if (member && balance !== null && error === null) {
      return { ok: true, member, buyer: { id: member.id, balance, cards } };
    }
    if (error === 'unreachable') return { ok: false, reason: 'unreachable' };
    // Signed out with a token kept: the server refused it.
    return { ok: false, reason: hadToken ? 'expired' : 'notSignedIn' };
  } finally {
    if (!given) session.stop();
  }
}

/** The words for a session that could not be restored. */
export function notSignedInMessage(context: CommandContext, reason: NotSignedIn['reason']): string {
  if (reason === 'unreachable') return context.texts.apiFailures.network(context.address);
  return reason === 'expired' ? context.texts.sessionExpired : context.texts.notSignedIn;
}
