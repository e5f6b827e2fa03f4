import { formatMoney } from '@vendo/core';
import { type CommandContext, type ExitCode, exitCodes, fail } from './context.ts';
import { clabeLine, loadClabe, loadPending, pendingLines } from './pending.ts';
import { bonusOf, loadRewards } from './rewards.ts';
import { notSignedInMessage, restoreSession } from './session.ts';

/** `vendo balance`: the member's MXN balance, as the session flow loads it, and their bonus credit apart. */
export async function balance(context: CommandContext): Promise<ExitCode> {
  const session = await restoreSession(context);
  if (!session.ok) return fail(context, session.reason, notSignedInMessage(context, session.reason));
  const amount = session.buyer.balance;
  // Issue 36 point 4: bonus credit is shown apart from the member's own money.
  const bonus = bonusOf(await loadRewards(context, session.member.id, null), 'MXN');
  context.out.line(context.texts.balance(formatMoney(amount, context.locale)));
  if (bonus > 0) context.out.line(context.texts.bonusBalance(formatMoney(bonus, context.locale)));
  // Issue 37 point 5: the store references still payable, with their time left.
  const pending = await loadPending(context, session.member.id);
  for (const line of pendingLines(context, pending, new Date())) context.out.line(line);
  const clabe = await loadClabe(context, session.member.id);
  for (const line of clabeLine(context, clabe)) context.out.line(line);
  context.out.data({
    member_id: session.member.id,
    balance: amount,
    bonus,
    currency: 'MXN',
    pending_top_ups: pending,
    spei_account: clabe,
  });
  return exitCodes.ok;
}
