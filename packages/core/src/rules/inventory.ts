import type { Banner } from '../contract/machine.ts';
import type { ProductServerItem } from '../contract/product.ts';
import { SaleType, type SaleTypeCode } from '../contract/sale-type.ts';

/** Spec §5/§9: a product's name is shown up to this many characters. */
export const PRODUCT_NAME_LIMIT = 30;

export interface InventoryGroup {
  /** product_category.name, or `varios` for the uncategorised group. */
  key: string;
  name: string;
  displayName: string | null;
  items: ProductServerItem[];
}

/** Spec §3/§9: items without a category go to a group called Varios, shown last. */
export const UNCATEGORISED_KEY = 'varios';
const UNCATEGORISED_NAME = 'Varios';

interface Bucket {
  group: InventoryGroup;
  priority: number | null;
}

/**
 * Spec §3/§9: groups keyed by category name, sorted by priority_order (those
 * without one after those with one, ties by name), Varios last. Items keep their
 * order inside a group. A group takes its display name and priority from its
 * first item. A blank category name counts as no category, and a category the
 * server itself names "Varios" joins that group, so keys stay unique.
 */
export function groupByCategory(items: readonly ProductServerItem[]): InventoryGroup[] {
  const buckets = new Map<string, Bucket>();
  const uncategorised: InventoryGroup = {
    key: UNCATEGORISED_KEY,
    name: UNCATEGORISED_NAME,
    displayName: null,
    items: [],
  };
  for (const item of items) {
    const category = item.product_category;
    const name = category?.name ?? '';
    if (name.trim() === '' || name.trim().toLowerCase() === UNCATEGORISED_KEY) {
      uncategorised.items.push(item);
      continue;
    }
    let bucket = buckets.get(name);
    if (!bucket) {
      bucket = {
        group: { key: name, name, displayName: category?.display_name ?? null, items: [] },
        priority: category?.priority_order ?? null,
      };
      buckets.set(name, bucket);
    }
    bucket.group.items.push(item);
  }
  const groups = [...buckets.values()].sort(byPriorityThenName).map((bucket) => bucket.group);
  return uncategorised.items.length > 0 ? [...groups, uncategorised] : groups;
}

/**
 * The first `count` products in the order the inventory shows them (spec §3/§9). Grouped again they make
 * the whole list's first groups, names and order alike: a first screen drawn from them alone is the one
 * drawn from every product.
 */
export function firstInDisplayOrder(items: readonly ProductServerItem[], count: number): ProductServerItem[] {
  return groupByCategory(items)
    .flatMap((group) => group.items)
    .slice(0, count);
}

function byPriorityThenName(a: Bucket, b: Bucket): number {
  if (a.priority !== b.priority) {
    if (a.priority === null) return 1;
    if (b.priority === null) return -1;
    return a.priority - b.priority;
  }
  if (a.group.name === b.group.name) return 0;
  return a.group.name < b.group.name ? -1 : 1;
}

/** Spec §3: only banners of type image are shown. */
export const imageBanners = (banners: readonly Banner[]) => banners.filter((banner) => banner.banner_type === 'image');

/**
 * Spec §5/§9: product names are cut to 30 characters with an ellipsis. Counts
 * code points, so an emoji is never split, and drops the spaces left before "…".
 */
export function truncateName(name: string, limit = PRODUCT_NAME_LIMIT): string {
  const characters = Array.from(name);
  if (characters.length <= limit) return name;
  return `${characters.slice(0, limit).join('').trimEnd()}…`;
}

export interface PriceDisplay {
  price: number;
  /** Shown beside the struck-through normal price (spec §9). */
  samplePrice: number | null;
  /** Spec §9: products with the sampleable option show Free. */
  free: boolean;
}

export function priceDisplay(item: ProductServerItem): PriceDisplay {
  const { sampleable } = item.sell_options;
  return {
    price: item.price,
    samplePrice: sampleable && item.sampling ? item.sampling.price : null,
    free: sampleable,
  };
}

/**
 * Issue 35 point 1: the machine holds none of it that no purchase has reserved. Only a provider that says
 * so (`available: false`) makes a product sold out: one that says nothing of stock sells as before.
 */
export const isSoldOut = (item: Pick<ProductServerItem, 'available'>) => item.available === false;

/** One way the product page offers a product (spec §4 sale types) and what it costs the member. */
export interface SaleOption {
  saleType: SaleTypeCode;
  /** What the member pays: a free sample costs nothing, whatever the struck-through price says. */
  price: number;
  /** A sale or a sample of a sold-out product cannot be bought; a service takes nothing from the machine. */
  soldOut: boolean;
}

/**
 * Spec §4/§9, issue 15 point 2: the card of a sampleable product promises a free sample, so the page
 * offers the sample first and names the price of buying it, so nobody pays full price by mistake.
 */
export function saleOptionsOf(item: ProductServerItem): SaleOption[] {
  const { sellable, sampleable, serviceable } = item.sell_options;
  const soldOut = isSoldOut(item);
  const options: SaleOption[] = [];
  if (sampleable) options.push({ saleType: SaleType.sample, price: 0, soldOut });
  if (sellable) options.push({ saleType: SaleType.sale, price: item.price, soldOut });
  if (serviceable) options.push({ saleType: SaleType.service, price: item.price, soldOut: false });
  return options;
}
