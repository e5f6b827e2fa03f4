import { formatMoney } from '@vendo/core';
import { type CommandContext, type ExitCode, exitCodes, fail } from './context.ts';
import { notSignedInMessage, restoreSession } from './session.ts';

/** `vendo balance`: the member's MXN balance, as the session flow loads it. */
export async function balance(context: CommandContext): Promise<ExitCode> {
  const session = await restoreSession(context);
  if (!session.ok) return fail(context, session.reason, notSignedInMessage(context, session.reason));
  const amount = session.buyer.balance;
  context.out.line(context.texts.balance(formatMoney(amount, context.locale)));
  context.out.data({ member_id: session.member.id, balance: amount, currency: 'MXN' });
  return exitCodes.ok;
}
