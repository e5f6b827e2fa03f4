import {
  type Buyer,
  type BuyRequest,
  buyActors,
  buyMachine,
  dealActors,
  dealMachine,
  formatMoney,
  type ProductServer,
  priceOf,
  randomIdempotencyKey,
  truncateName,
} from '@vendo/core';
import { createActor, waitFor } from 'xstate';
import { progressFor } from '../platform/progress.ts';
import { chooseProduct, saleTypeFor } from './choose-product.ts';
import { type CommandContext, type ExitCode, fail } from './context.ts';
import { followDeal } from './follow-deal.ts';
import { findMachine, loadProducts } from './machine.ts';
import { bonusOf, loadRewards, purchaseLine, rewardLines } from './rewards.ts';
import { createSession, notSignedInMessage, restoreSession, type SessionActor } from './session.ts';

/** Where the buy flow waits for the member. */
const stops = ['offlineWarning', 'directPayment', 'needsLogin', 'unsent'] as const;

/**
 * `vendo buy <machine> <product>`: core's buy flow makes the deal from the balance (spec §4), then
 * the deal flow follows it to the tray or to its failure. One session actor runs the whole command
 * (issue 34 point 1): it restores the member, then holds the deal the buy makes; it stops at the end.
 */
export async function buy(
  context: CommandContext,
  machineName: string,
  query: string,
  stdout: NodeJS.WriteStream,
): Promise<ExitCode> {
  const session = createSession(context);
  try {
    return await buyOnSession(context, session, machineName, query, stdout);
  } finally {
    session.stop();
  }
}

async function buyOnSession(
  context: CommandContext,
  session: SessionActor,
  machineName: string,
  query: string,
  stdout: NodeJS.WriteStream,
): Promise<ExitCode> {
  const { texts } = context;
  const restored = await restoreSession(context, session);
  if (!restored.ok) return fail(context, restored.reason, notSignedInMessage(context, restored.reason));
  const machine = await findMachine(context, machineName);
  if (!machine.ok) return fail(context, machine.code, machine.message);
  const items = await loadProducts(context, machine.value);
  if (!items.ok) return fail(context, items.code, items.message);

  const match = chooseProduct(items.value, query);
  if (match.kind === 'none') {
    return fail(context, 'product_not_found', texts.productNotFound(query, machine.value.name));
  }
  if (match.kind === 'many') {
    const width = Math.max(...match.items.map((item) => String(item.id).length));
    const choices = match.items.map((item) => `  ${String(item.id).padStart(width)}  ${truncateName(item.name)}`);
    return fail(context, 'product_ambiguous', [texts.productAmbiguous(query), ...choices].join('\n'));
  }
  const saleType = saleTypeFor(match.item);
  if (saleType === null) return fail(context, 'not_for_sale', texts.notForSale(match.item.name));
  // Issue 36 point 4: the stamp card's progress and what this purchase earns, before it is made.
  const rewards = await loadRewards(context, restored.member.id, machine.value.id);
  const currency = machine.value.country.currency_iso;
  for (const line of rewardLines(context, rewards, machine.value)) context.out.line(line);
  const earns = purchaseLine(context, rewards, { saleType, price: match.item.price, currency });
  if (earns) context.out.line(earns);
  const request: BuyRequest = {
    product: match.item,
    saleType,
    anyProduct: false,
    bonus: bonusOf(rewards, currency),
  };
  return buyAndFollow(context, session, machine.value, restored.buyer, request, stdout);
}

async function buyAndFollow(
  context: CommandContext,
  session: SessionActor,
  machine: ProductServer,
  buyer: Buyer,
  request: BuyRequest,
  stdout: NodeJS.WriteStream,
): Promise<ExitCode> {
  const { texts, locale } = context;
  const money = (amount: number) => formatMoney(amount, locale, machine.country.currency_iso);
  // The buy hands the deal it made to the session, which the command then follows (the web app's way too).
  const deal = dealMachine.provide({ actors: dealActors({ api: context.api }) });
  const flow = createActor(buyMachine.provide({ actors: buyActors({ api: context.api }) }), {
    input: {
      machine,
      buyer,
      locale,
      newIdempotencyKey: randomIdempotencyKey,
      keeper: { session, place: () => 'vendo buy', deal },
    },
  }).start();
  const progress = progressFor(context.out, stdout, texts.cancelled);
  try {
    flow.send({ type: 'buy.requested', request });
    for (;;) {
      const settled = await waitFor(
        flow,
        (snapshot) =>
          snapshot.status === 'done' || stops.some((stop) => snapshot.matches(stop)) || snapshot.matches('creating'),
      );
      if (settled.matches('creating')) {
        progress.show(texts.creating);
        await waitFor(flow, (snapshot) => !snapshot.matches('creating'));
        continue;
      }
      // An offline machine sells nothing (the server refuses it too): the member is told so.
      if (settled.matches('offlineWarning'))
        return fail(context, 'machine_offline', texts.offlineRefused(machine.name));
      if (settled.matches('directPayment') || settled.matches('needsLogin')) {
        return fail(context, 'balance_short', texts.balanceShort(money(buyer.balance), money(priceOf(request))));
      }
      if (settled.matches('unsent')) return fail(context, 'unanswered', texts.noAnswer);
      return followDeal(context, session, progress);
    }
  } finally {
    flow.stop();
  }
}
