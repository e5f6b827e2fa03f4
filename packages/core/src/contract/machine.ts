import * as z from 'zod/mini';
import { moneyTimeZone } from './money-windows.ts';
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
 * Issue 35 point 3: the time zone a machine's receipts are dated in, by its country (`country.iso`). A
 * country spanning several zones has the one most of its people live in; a country not named here has
 * the spec's own country's (MX).
 */
export const countryTimeZones: Readonly<Record<string, string>> = {
  MX: 'America/Mexico_City',
  JP: 'Asia/Tokyo',
  US: 'America/New_York',
  CA: 'America/Toronto',
  NL: 'Europe/Amsterdam',
  IL: 'Asia/Jerusalem',
  ES: 'Europe/Madrid',
  GT: 'America/Guatemala',
  CO: 'America/Bogota',
  PE: 'America/Lima',
  CL: 'America/Santiago',
  AR: 'America/Argentina/Buenos_Aires',
  BR: 'America/Sao_Paulo',
};

/** The zone of a country `countryTimeZones` does not name, and of what happens at no machine. */
export const defaultTimeZone = moneyTimeZone;

export const timeZoneOf = (countryIso: string | null | undefined): string =>
  (countryIso ? countryTimeZones[countryIso.toUpperCase()] : undefined) ?? defaultTimeZone;

/**
 * Issue 35 point 5: the country of each calling code offered at sign-in (spec §3), whose zone a member's
 * statement cuts its months in. +1 is read as the United States.
 */
export const callingCodeCountries: Readonly<Record<string, string>> = {
  '+52': 'MX',
  '+31': 'NL',
  '+1': 'US',
  '+972': 'IL',
  '+81': 'JP',
};

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
