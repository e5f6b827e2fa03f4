import * as z from 'zod/mini';
import { Id, Timestamp } from './primitives.ts';

/**
 * Issue 35 point 2, Vendo's addition: a member's ask to be told when a sold-out product is back ("Avísame
 * cuando haya"). `back` says the machine holds it again; the alert ends when the member cancels it or
 * dismisses the news, or at `expires_at` (30 days).
 */
export const RestockAlert = z.object({
  id: Id,
  product_id: Id,
  product_name: z.string(),
  product_server_id: Id,
  product_server_name: z.string(),
  back: z.boolean(),
  expires_at: Timestamp,
});
export type RestockAlert = z.infer<typeof RestockAlert>;

export const CreateRestockAlertBody = z.object({ product_server_id: Id, product_id: Id });
