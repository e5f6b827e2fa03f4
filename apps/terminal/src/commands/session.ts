import { type Buyer, type CommunityMember, sessionActors, sessionMachine, storageKeys } from '@vendo/core';
import { createActor, waitFor } from 'xstate';
import type { CommandContext } from './context.ts';

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
 */
export async function restoreSession(context: CommandContext): Promise<SignedIn | NotSignedIn> {
  // Read first: a refused token is forgotten on the way, and then it is as if there had been none.
  const hadToken = context.storage.read(storageKeys.token) !== null;
  const session = createActor(
    sessionMachine.provide({ actors: sessionActors({ api: context.api, storage: context.storage }) }),
    { input: {} },
  ).start();
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
    session.stop();
  }
}

/** The words for a session that could not be restored. */
export function notSignedInMessage(context: CommandContext, reason: NotSignedIn['reason']): string {
  if (reason === 'unreachable') return context.texts.apiFailures.network(context.address);
  return reason === 'expired' ? context.texts.sessionExpired : context.texts.notSignedIn;
}
