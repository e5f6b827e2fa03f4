import type { SnapshotFrom } from 'xstate';
import type { RatingMachine } from './rating.machine.ts';

/** Which rating modal is open: the question (kept open while the stars are sent), or the thanks. */
export function ratingView(snapshot: SnapshotFrom<RatingMachine>) {
  return {
    asking: snapshot.matches('asking') || snapshot.matches('sending'),
    sending: snapshot.matches('sending'),
    thanked: snapshot.matches('thanked'),
  };
}

export type RatingView = ReturnType<typeof ratingView>;
