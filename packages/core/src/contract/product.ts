import * as z from 'zod/mini';
import { Id, Money, nullish } from './primitives.ts';
import { vendoChoice } from './vendo-choice.ts';

export const ProductCategory = z.object({
  name: z.string(),
  display_name: nullish(z.string()),
  priority_order: nullish(z.int()),
});
export type ProductCategory = z.infer<typeof ProductCategory>;

export const SellOptions = z.object({
  sellable: z.boolean(),
  serviceable: z.boolean(),
  sampleable: z.boolean(),
});
export type SellOptions = z.infer<typeof SellOptions>;

const stockChoice = 'beyond the spec: what the machine still holds, before the member pays (issue 35 point 1)';

/** Spec §3 product server item: what one machine sells, at its price. */
export const ProductServerItem = z.object({
  id: Id,
  name: z.string(),
  price: Money,
  photo_url: nullish(z.string()),
  thumbnail_url: nullish(z.string()),
  description: nullish(z.string()),
  upc: nullish(z.string()),
  user_code: z.string(),
  sell_options: SellOptions,
  sampling: nullish(z.object({ price: Money })),
  nutritional_information_image_url: nullish(z.string()),
  product_category: nullish(ProductCategory),
  /** False when the machine holds none that no purchase has reserved: a deal for it is refused. */
  available: vendoChoice(z.boolean(), stockChoice),
  /** The units the machine holds, where it counts them. */
  stock: vendoChoice(z.int().check(z.minimum(0)), stockChoice),
});
export type ProductServerItem = z.infer<typeof ProductServerItem>;
