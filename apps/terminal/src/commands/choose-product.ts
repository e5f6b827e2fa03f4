import { type ProductServerItem, SaleType, type SaleTypeCode } from '@vendo/core';

export type ProductMatch =
  | { readonly kind: 'one'; readonly item: ProductServerItem }
  | { readonly kind: 'none' }
  | { readonly kind: 'many'; readonly items: readonly ProductServerItem[] };

/** Names compared as a person types them: any case, accents or not, spaces squeezed. */
const comparable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Every word typed starts a word of the name: `agua nat` is in "Agua natural", not in "Paraguas". */
function holds(name: string, typed: string): boolean {
  const words = comparable(name).split(' ');
  return comparable(typed)
    .split(' ')
    .every((start) => words.some((word) => word.startsWith(start)));
}

/**
 * The product a command line names: its id, else its whole name, else the one product whose name
 * holds the words typed. Several holding them is a question back, never a guess: money moves.
 */
export function chooseProduct(items: readonly ProductServerItem[], query: string): ProductMatch {
  const typed = query.trim();
  if (/^\d+$/.test(typed)) {
    const byId = items.find((item) => String(item.id) === typed);
    if (byId) return { kind: 'one', item: byId };
  }
  const wanted = comparable(typed);
  const exact = items.filter((item) => comparable(item.name) === wanted);
  if (exact.length === 1 && exact[0]) return { kind: 'one', item: exact[0] };
  const partial = exact.length > 1 ? exact : items.filter((item) => holds(item.name, typed));
  if (partial.length === 1 && partial[0]) return { kind: 'one', item: partial[0] };
  return partial.length === 0 ? { kind: 'none' } : { kind: 'many', items: partial };
}

/**
 * How the terminal buys a product (spec §4 sale types): sold from the balance when it is sellable,
 * else as the service it is, else the free sample it offers; null when it offers none of them.
 */
export function saleTypeFor(item: ProductServerItem): SaleTypeCode | null {
  const { sellable, serviceable, sampleable } = item.sell_options;
  if (sellable) return SaleType.sale;
  if (serviceable) return SaleType.service;
  if (sampleable) return SaleType.sample;
  return null;
}
