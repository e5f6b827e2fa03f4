import type { SnapshotFrom } from 'xstate';
import { httpUrl } from '../../rules/links.ts';
import { topUpChoices } from '../../rules/top-up.ts';
import type { TopUpMachine } from './top-up.machine.ts';
import { amountOf, cardMissing, cvvMissing, requestOf } from './top-up.rules.ts';

/** What the top-up screen shows: the choices, field problems once the member tried to pay, and which modal is open. */
export function topUpView(snapshot: SnapshotFrom<TopUpMachine>) {
  const { context } = snapshot;
  const amount = amountOf(context);
  const show = context.showProblems;
  return {
    limits: context.limits,
    /** The amounts offered for the machine's limits. */
    presets: topUpChoices(context.limits).presets,
    preset: context.preset,
    otherText: context.otherText,
    mode: context.mode,
    cards: context.cards,
    cardId: context.cardId,
    cvv: context.cvv,
    amount: amount.ok ? amount.amount : null,
    /** "Other" is checked as it is typed; the other fields once the member tried to pay. */
    amountProblem: !amount.ok && (context.otherText !== '' || show) ? amount.problem : null,
    cvvMissing: show && cvvMissing(context),
    cardMissing: show && cardMissing(context),
    ready: requestOf(context) !== null,
    offlineWarning: snapshot.matches('offlineWarning'),
    confirming: snapshot.matches('confirming') || snapshot.matches('paying'),
    paying: snapshot.matches('paying'),
    recharged: snapshot.matches('recharged'),
    /** The top-up the card charge credited, where the provider named it: its receipt (issue 35 point 3). */
    rechargedTopUpId: snapshot.matches('recharged') ? snapshot.context.topUpId : null,
    /** Issue 36 point 3: the bonus credit the recharge earned, repeated on its confirmation; 0 when none. */
    rechargedBonus: snapshot.matches('recharged') ? snapshot.context.bonus : 0,
    /** Spec: the returned url is opened, only when it is an http(s) address. */
    redirectUrl: snapshot.matches('redirecting') ? httpUrl(context.redirectUrl) : null,
    coolingDown: snapshot.matches('redirecting'),
    reference: snapshot.matches('referenceIssued') ? context.reference : null,
    // While paying, a kept 409 only means the server is still running the first request: nothing to show.
    error: snapshot.matches('paying') ? null : context.error,
    left: snapshot.matches('left'),
  };
}

export type TopUpView = ReturnType<typeof topUpView>;
