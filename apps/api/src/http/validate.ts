import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { ProblemCode } from './messages.ts';
import { type Problem, problem } from './problem.ts';

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

/**
 * No body of this API nests more than a few levels; one nested deeper is refused before anything walks
 * it. A 64 KB body can hold 32,000 levels: walked by recursion, that overflows the stack (a 500).
 */
export const maxJsonDepth = 32;

/**
 * What is wrong with the strings or the shape of a JSON value, as `description` says it: the first
 * string (key or value) that is not text, or a nesting past maxJsonDepth; null when nothing is. Walked
 * with a stack of its own, so no depth of input can exhaust the call stack.
 */
function badShapeOf(body: unknown): string | null {
  const pending: [value: unknown, path: string, depth: number][] = [[body, '', 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path, depth] = next;
    if (typeof value === 'string') {
      if (notText.test(value)) return `${path || '(body)'}: not_text`;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth === maxJsonDepth) return '(body): too_deep';
    // Pushed last to first, so the first field is looked at first.
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, inner] = entries[index] as [string, unknown];
      const at = path ? `${path}.${key}` : key;
      if (notText.test(key)) return `${at}: not_text`;
      pending.push([inner, at, depth + 1]);
    }
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
  return parsedBody(raw, schema);
}

/** A JSON value already read (a signed body is read as text first), judged as readBody judges one. */
export function parsedBody<S extends z.core.$ZodType>(raw: unknown, schema: S): z.output<S> {
  const badShape = badShapeOf(raw);
  if (badShape) throw problem(422, 'invalid_request', { description: badShape });
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw problem(422, 'invalid_request', { description: describe(parsed.error.issues) });
  return parsed.data;
}

/**
 * A URL that carries U+0000 (`%00`: Node refuses a raw NUL in a request line, and Hono decodes a path or
 * query once, so `%2500` stays the text `%00`), refused whichever route it names: a route's own checks
 * (textParam) cover only what it reads through them, and the rest reached PostgreSQL, which refuses NUL (500).
 */
export function urlRefusal(url: string): Problem | null {
  return url.includes('%00') ? problem(422, 'invalid_request', { description: 'url: not_text' }) : null;
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

/** The `page` of a paged list (1 to `last`), or undefined when the request names none; 422 otherwise. */
export function pageParam(c: Context, last: number): number | undefined {
  const page = c.req.query('page');
  if (page === undefined) return undefined;
  if (!/^[1-9]\d{0,3}$/.test(page) || Number(page) > last) {
    throw problem(422, 'invalid_request', { description: `page: from 1 to ${last}` });
  }
  return Number(page);
}
