import type { SnapshotFrom } from 'xstate';
import { cardBrandOf } from '../../contract/index.ts';
import { cardDigits, checkCard, expiryYears } from '../../rules/card-form.ts';
import type { AddCardMachine } from './add-card.machine.ts';

/** What the add-card screen shows: the form, each field's problem once the member tried, and the outcome. */
export function addCardView(snapshot: SnapshotFrom<AddCardMachine>) {
  const { context } = snapshot;
  return {
    form: context.form,
    years: expiryYears(context.now),
    brand: cardBrandOf(cardDigits(context.form.number)),
    problems: context.showProblems ? checkCard(context.form, context.now) : {},
    checking: snapshot.matches('checkingProfile'),
    needsProfile: snapshot.matches('needsProfile'),
    unavailable: snapshot.matches('unavailable'),
    busy: snapshot.matches('tokenising') || snapshot.matches('saving'),
    failure: context.failure,
    added: snapshot.matches('added'),
    done: snapshot.matches('done'),
  };
}

export type AddCardView = ReturnType<typeof addCardView>;
