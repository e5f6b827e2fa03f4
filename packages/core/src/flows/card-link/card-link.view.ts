import type { SnapshotFrom } from 'xstate';
import { type CardLinkMachine, cardLinkScreen } from './card-link.machine.ts';

/** What the card-link screens show: which one (it names the route too), the code to type, the countdown, the failure. */
export function cardLinkView(snapshot: SnapshotFrom<CardLinkMachine>) {
  return {
    screen: cardLinkScreen(snapshot),
    code: snapshot.context.link?.user_code ?? '',
    secondsLeft: snapshot.context.secondsLeft,
    error: snapshot.context.error,
  };
}

export type CardLinkView = ReturnType<typeof cardLinkView>;
