import {
  formatMoney,
  groupByCategory,
  isSoldOut,
  type ProductServer,
  type ProductServerItem,
  priceDisplay,
  truncateName,
  UNCATEGORISED_KEY,
} from '@vendo/core';
import { type CommandContext, type ExitCode, exitCodes, fail } from './context.ts';
import { findMachine, loadProducts } from './machine.ts';
import { loadRewards, rewardLines } from './rewards.ts';
import { restoreSession } from './session.ts';

/** A product as --json gives it: what a script needs to buy it and to show it. */
export function productJson(item: ProductServerItem, machine: ProductServer) {
  return {
    id: item.id,
    name: item.name,
    user_code: item.user_code,
    price: item.price,
    currency: machine.country.currency_iso,
    category: item.product_category?.name ?? null,
    sellable: item.sell_options.sellable,
    sampleable: item.sell_options.sampleable,
    serviceable: item.sell_options.serviceable,
    available: !isSoldOut(item),
  };
}

/** Spec §9: 2 decimals, the machine's currency; spec §9 "Free" for sampleable products, beside the price. */
function priceText(context: CommandContext, item: ProductServerItem, machine: ProductServer): string {
  const money = (amount: number) => formatMoney(amount, context.locale, machine.country.currency_iso);
  const display = priceDisplay(item);
  const price = display.free ? context.texts.sampleFree(money(display.price)) : money(display.price);
  return isSoldOut(item) ? context.texts.soldOut(price) : price;
}

/** The inventory as a person reads it: groups by category (Varios last), id, selection, name, price. */
function printInventory(context: CommandContext, machine: ProductServer, items: readonly ProductServerItem[]) {
  const { out, texts } = context;
  out.line(out.paint('bold', `@${machine.name}`));
  if (machine.status === 'offline') out.line(out.paint('yellow', texts.machineOffline(machine.name)));
  if (items.length === 0) {
    out.line(texts.noProducts);
    return;
  }
  const idWidth = Math.max(...items.map((item) => String(item.id).length));
  const codeWidth = Math.max(...items.map((item) => item.user_code.length));
  const nameWidth = Math.max(...items.map((item) => truncateName(item.name).length));
  for (const group of groupByCategory(items)) {
    out.line();
    const title = group.key === UNCATEGORISED_KEY ? texts.uncategorised : (group.displayName ?? group.name);
    out.line(out.paint('underline', title));
    for (const item of group.items) {
      const id = out.paint('dim', String(item.id).padStart(idWidth));
      const name = truncateName(item.name).padEnd(nameWidth);
      out.line(`  ${id}  ${item.user_code.padEnd(codeWidth)}  ${name}  ${priceText(context, item, machine)}`);
    }
  }
}

/** `vendo machines <name>`: a machine's products with their prices, and a member's stamp cards there. */
export async function machines(context: CommandContext, name: string): Promise<ExitCode> {
  const machine = await findMachine(context, name);
  if (!machine.ok) return fail(context, machine.code, machine.message);
  const items = await loadProducts(context, machine.value);
  if (!items.ok) return fail(context, items.code, items.message);
  // Issue 36 point 4: a signed-in member sees the machine's stamp cards and their progress.
  const session = await restoreSession(context);
  const rewards = session.ok ? await loadRewards(context, session.member.id, machine.value.id) : null;
  context.out.data({
    machine: { id: machine.value.id, name: machine.value.name, status: machine.value.status },
    products: items.value.map((item) => productJson(item, machine.value)),
    ...(rewards ? { rewards: { programs: rewards.programs, bonus: rewards.bonus } } : {}),
  });
  printInventory(context, machine.value, items.value);
  const lines = rewardLines(context, rewards, machine.value);
  if (lines.length > 0) context.out.line();
  for (const line of lines) context.out.line(line);
  return exitCodes.ok;
}
