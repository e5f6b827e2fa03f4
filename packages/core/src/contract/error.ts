import * as z from 'zod/mini';
import { nullish } from './primitives.ts';

/**
 * Spec §3/§8 error object. Every field may be missing: the screen falls back to
 * its defaults. `message` is usually text, but a profile update answers a map of
 * field → messages (spec §7 "error.message.email is read").
 */
export const ErrorObject = z.object({
  error_code: nullish(z.union([z.int(), z.string()])),
  message: nullish(z.union([z.string(), z.record(z.string(), z.union([z.string(), z.array(z.string())]))])),
  description: nullish(z.string()),
  action_text: nullish(z.string()),
  redirect_url: nullish(z.string()),
  cta_image_url: nullish(z.string()),
  email_domain: nullish(z.string()),
  additional_information: nullish(z.string()),
});
export type ErrorObject = z.infer<typeof ErrorObject>;

/** Spec §8: an answer carries `error`, or an `errors` list whose first entry counts. */
export const ErrorEnvelope = z.object({
  error: z.optional(ErrorObject),
  errors: z.optional(z.array(z.union([ErrorObject, z.string()]))),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
