import type { Context } from 'hono';
import * as z from 'zod/mini';
import { problem } from './problem.ts';

function describe(issues: readonly z.core.$ZodIssue[]) {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.code}`)
    .join('; ');
}

/** The JSON body parsed with its contract schema; a 400 or 422 error object otherwise. */
export async function readBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw problem(400, 'invalid_json');
  }
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw problem(422, 'invalid_request', { description: describe(parsed.error.issues) });
  return parsed.data;
}

/** Query parameters parsed with their schema (values arrive as text). */
export function readQuery<S extends z.core.$ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = z.safeParse(schema, c.req.query());
  if (!parsed.success) throw problem(422, 'invalid_request', { description: describe(parsed.error.issues) });
  return parsed.data;
}

/** A positive integer path parameter; anything else names nothing, so 404. */
export function idParam(c: Context, name: string): number {
  const text = c.req.param(name) ?? '';
  if (!/^[1-9]\d{0,9}$/.test(text)) throw problem(404, 'not_found');
  const id = Number(text);
  if (id > 2_147_483_647) throw problem(404, 'not_found');
  return id;
}
