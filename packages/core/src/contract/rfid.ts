import * as z from 'zod/mini';
import { Id, nullish } from './primitives.ts';

export const MemberRfid = z.object({
  id: Id,
  name: z.string(),
  rfid_key: z.string(),
  rfid_id: z.string(),
});
export type MemberRfid = z.infer<typeof MemberRfid>;

/** Spec §4 pending card link statuses. */
export const PendingCardLinkStatus = z.enum([
  'in_progress',
  'waiting',
  'authenticated',
  'linked',
  'failed',
  'expired',
  'error',
]);
export type PendingCardLinkStatus = z.infer<typeof PendingCardLinkStatus>;

/**
 * Spec §3 pending card link. `status` is any text: besides the seven of spec §4
 * the server may answer another (spec §8 names "Internal Server Error"), which
 * the flow shows as an error rather than a contract failure.
 */
export const PendingCardLink = z.object({
  id: Id,
  status: z.string().check(z.minLength(1), z.maxLength(80)),
  rfid_key: nullish(z.string()),
  user_code: nullish(z.string()),
});
export type PendingCardLink = z.infer<typeof PendingCardLink>;

/**
 * Spec §5/§9: an RFID id is exactly this many characters. Held here, where the wire checks it, and read
 * by the form's rule (rules/rfid.ts) and the screen: the contract imports nothing outside itself.
 */
export const RFID_ID_LENGTH = 10;

/** Spec §5 RFID device: the id is exactly RFID_ID_LENGTH characters; the key is sent lower-cased. */
export const CreateRfidRequest = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  rfid_id: z.string().check(z.length(RFID_ID_LENGTH)),
  rfid_key: z.string().check(z.minLength(1), z.maxLength(64), z.lowercase()),
});
export type CreateRfidRequest = z.infer<typeof CreateRfidRequest>;
