import {
  formatMoney,
  groupedClabe,
  type PendingTopUp,
  pendingReference,
  pendingTopUpsActors,
  pendingTopUpsMachine,
  pendingTopUpsView,
  type SpeiAccount,
  speiAccountActors,
  speiAccountMachine,
  speiAccountView,
} from '@vendo/core';
import type { CommandContext } from './context.ts';
import { readOnce } from './read-once.ts';

/**
 * Issue 37 point 5: the member's store references through core's flow; none where they could not be read or
 * the provider keeps none (the command then says nothing of them, as before).
 */
export async function loadPending(context: CommandContext, memberId: number): Promise<readonly PendingTopUp[]> {
  const logic = pendingTopUpsMachine.provide({ actors: pendingTopUpsActors({ api: context.api }) });
  return readOnce(logic, { memberId }, (snapshot) => pendingTopUpsView(snapshot).references);
}

/** The references still payable or just expired, a line each, under their heading; none, no lines. */
export function pendingLines(context: CommandContext, references: readonly PendingTopUp[], now: Date): string[] {
  const { texts, locale } = context;
  const lines = references.flatMap((reference) => {
    const shown = pendingReference(reference, now);
    const amount = formatMoney(shown.amount, locale, shown.currency);
    if (shown.status === 'pending') {
      return [
        texts.pendingReference(amount, shown.reference, shown.left.hours, shown.left.minutes, shown.stores.join(', ')),
      ];
    }
    return shown.status === 'expired' ? [texts.expiredReference(amount, shown.reference)] : [];
  });
  return lines.length > 0 ? [texts.pendingTitle, ...lines] : [];
}

/** Issue 37 point 5: the member's CLABE through core's flow; null without one, or where the provider has no SPEI. */
export async function loadClabe(context: CommandContext, memberId: number): Promise<SpeiAccount | null> {
  const logic = speiAccountMachine.provide({ actors: speiAccountActors({ api: context.api }) });
  return readOnce(logic, { memberId }, (snapshot) => speiAccountView(snapshot).account);
}

/** The CLABE a transfer from any bank tops the balance up through. */
export const clabeLine = (context: CommandContext, account: SpeiAccount | null) =>
  account ? [context.texts.clabe(groupedClabe(account.clabe), account.bank_name)] : [];
