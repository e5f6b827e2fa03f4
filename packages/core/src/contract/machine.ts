import * as z from 'zod/mini';
import { Id, Money, nullish } from './primitives.ts';

/** Only banners of type `image` are shown (spec §3); other types are accepted and skipped. */
export const Banner = z.object({
  id: Id,
  banner_type: z.string(),
  url: z.string(),
});
export type Banner = z.infer<typeof Banner>;

export const MachineStatus = z.enum(['online', 'offline']);
export type MachineStatus = z.infer<typeof MachineStatus>;

export const MachineCountry = z.object({
  currency_iso: z.string().check(z.length(3)),
  iso: z.string().check(z.length(2)),
  /** Spelled as the provider spells it. */
  minimun_top_up: Money,
});
export type MachineCountry = z.infer<typeof MachineCountry>;

/**
 * Spec §3 vending machine (product server). Timeouts: connect in milliseconds,
 * user-type and bring-near-RFID in seconds (spec §9).
 */
export const ProductServer = z.object({
  id: Id,
  name: z.string(),
  status: MachineStatus,
  image_url: nullish(z.string()),
  contact_info: nullish(z.string()),
  banners: z.array(Banner),
  payment_settings: z.object({ direct_payment: z.boolean() }),
  has_rfid: z.boolean(),
  has_remote_rfid: z.boolean(),
  connect_to_machine_timeout: nullish(z.int().check(z.nonnegative())),
  user_type_timeout: nullish(z.int().check(z.nonnegative())),
  bring_near_rfid_timeout: nullish(z.int().check(z.nonnegative())),
  settings: z.object({ automatic_delivery: z.boolean() }),
  country: MachineCountry,
  mobile_keyboard_type: nullish(z.string()),
});
export type ProductServer = z.infer<typeof ProductServer>;

/** A machine in the member's recent list. */
export const RecentMachine = z.object({
  id: Id,
  name: z.string(),
  status: MachineStatus,
  image_url: nullish(z.string()),
});
export type RecentMachine = z.infer<typeof RecentMachine>;
