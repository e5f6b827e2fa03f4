import type { SnapshotFrom } from 'xstate';
import type { PaymentMethodsMachine } from './payment-methods.machine.ts';

/** What the payment-methods screen shows: the saved cards, the one being deleted, and what went wrong. */
export function paymentMethodsView(snapshot: SnapshotFrom<PaymentMethodsMachine>) {
  const { context } = snapshot;
  return {
    // Cards already known stay on screen while the list is read again.
    loading: snapshot.matches('loading') && context.cards.length === 0,
    failed: snapshot.matches('failed'),
    cards: context.cards,
    deleting: context.deleting,
    error: context.error,
  };
}

export type PaymentMethodsView = ReturnType<typeof paymentMethodsView>;
