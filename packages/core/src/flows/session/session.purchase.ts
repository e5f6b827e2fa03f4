import type { SnapshotFrom } from 'xstate';
import type { PendingPurchaseMachine } from './pending-purchase.machine.ts';

/** The purchase a visitor asked for, once its member is signed in and read: its buy carries it on (issue 15 point 4). */
export const resumablePurchase = (snapshot: SnapshotFrom<PendingPurchaseMachine> | undefined) =>
  snapshot?.matches({ kept: 'ready' }) ? snapshot.context.purchase : null;
