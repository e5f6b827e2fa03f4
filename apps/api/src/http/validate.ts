import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { ProblemCode } from './messages.ts';
import { problem } from './problem.ts';

function describe(issues: readonly z.core.$ZodIssue[]) {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.code}`)
    .join('; ');
}

/**
 * U+0000 and lone surrogates are not text: PostgreSQL refuses the first, and neither means anything
 * to a person. Refused at the door, with the field named, instead of failing deep in a query.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const notText = { test: (text: string) => text.includes('\u0000') || loneSurrogate.test(text) };

/** The path of the first string (key or value) in a JSON value that is not text, or null. */
function notTextAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return notText.test(value) ? path || '(body)' : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (notText.test(key)) return at;
    const found = notTextAt(inner, at);
    if (found) return found;
  }
  return null;
}

/** The JSON body parsed with its contract schema; a 400 or 422 error object otherwise. */
export async function readBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw problem(400, 'invalid_json');
  }
  const badText = notTextAt(raw, '');
  if (badText) throw problem(422, 'invalid_request', { description: `${badText}: not_text` });
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw problem(422, 'invalid_request', { description: describe(parsed.error.issues) });
  return parsed.data;
}

/** A text path parameter (a machine's name): 422 when it is not text, 404 when it is too long to name anything. */
export function textParam(c: Context, name: string, notFound: ProblemCode = 'not_found'): string {
  const text = c.req.param(name) ?? '';
  if (notText.test(text)) throw problem(422, 'invalid_request', { description: `${name}: not_text` });
  if (text.length === 0 || text.length > 64) throw problem(404, notFound);
  return text;
}

/** A positive integer path parameter; anything else names nothing, so 404. */
export function idParam(c: Context, name: string): number {
  const text = c.req.param(name) ?? '';
  if (!/^[1-9]\d{0,9}$/.test(text)) throw problem(404, 'not_found');
  const id = Number(text);
  if (id > 2_147_483_647) throw problem(404, 'not_found');
  return id;
}
