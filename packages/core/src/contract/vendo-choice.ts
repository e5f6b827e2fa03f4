import * as z from 'zod/mini';

/**
 * A field Vendo adds to a call of spec §7 or to an entity it answers: optional, so another provider's app
 * may leave it out and another provider may not answer it. Marked, like the calls whose path Vendo chose
 * (`vendoChoice` on the call), with why; the OpenAPI document says `x-vendo-choice` on the field.
 */
export function vendoChoice<S extends z.core.$ZodType>(schema: S, why: string) {
  const field = z.optional(schema);
  z.globalRegistry.add(field, { 'x-vendo-choice': why });
  return field;
}
