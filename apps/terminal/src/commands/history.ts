import {
  type Deal,
  dealOutcome,
  failureReason,
  formatDateTime,
  formatMoney,
  historyActors,
  historyMachine,
} from '@vendo/core';
import { createActor, waitFor } from 'xstate';
import { type CommandContext, type ExitCode, exitCodes, fail } from './context.ts';
import { apiErrorMessage } from './failures.ts';
import { notSignedInMessage, restoreSession } from './session.ts';

/** How a deal ended, in a word or two: a failed one by its reason (spec §4 status messages). */
function outcomeText(context: CommandContext, deal: Deal): string {
  const outcome = dealOutcome(deal.delivery_status);
  if (outcome === 'failed') return context.texts.failures[failureReason(deal.delivery_status)].title;
  return context.texts.outcomes[outcome];
}

/** `vendo history`: the member's deals, newest first, through core's history flow. */
export async function history(context: CommandContext): Promise<ExitCode> {
  const { out, texts, locale } = context;
  const session = await restoreSession(context);
  if (!session.ok) return fail(context, session.reason, notSignedInMessage(context, session.reason));
  const flow = createActor(historyMachine.provide({ actors: historyActors({ api: context.api }) }), {
    input: { memberId: session.member.id },
  }).start();
  let deals: readonly Deal[];
  try {
    const settled = await waitFor(flow, (snapshot) => snapshot.matches('listing') || snapshot.matches('failed'));
    if (settled.matches('failed')) {
      const error = settled.context.error;
      return fail(context, error?.kind ?? 'unknown', apiErrorMessage(context, error));
    }
    deals = settled.context.deals;
  } finally {
    flow.stop();
  }
  out.data({ deals });
  if (deals.length === 0) out.line(texts.historyEmpty);
  for (const deal of deals) {
    const when = deal.deal_date ? formatDateTime(deal.deal_date, locale) : '';
    const amount = formatMoney(deal.cash_paid ?? deal.product?.price ?? 0, locale);
    const product = deal.product?.name ?? texts.anyProduct;
    out.line(
      `${out.paint('dim', when)}  @${deal.product_server_name ?? ''}  ${product}  ${amount}  ${outcomeText(context, deal)}`,
    );
  }
  return exitCodes.ok;
}
