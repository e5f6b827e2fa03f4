import * as z from 'zod/mini';
import { Id, nullish } from './primitives.ts';

/**
 * Spec §3 custom community member message. The id is what a "do not show
 * again" dismissal remembers. All text is shown as text, never as HTML.
 */
export const CustomMessage = z.object({
  id: Id,
  title: nullish(z.string()),
  summary: nullish(z.string()),
  description: nullish(z.string()),
  image_url: nullish(z.string()),
  action_button_text: nullish(z.string()),
  action_url: nullish(z.string()),
});
export type CustomMessage = z.infer<typeof CustomMessage>;
