import type { Context, Next } from 'hono';

export type HeaderPairs = readonly (readonly [name: string, value: string])[];

/**
 * Puts `headers` on whatever answers the request. They are set before the answer is made, so Hono
 * builds it with them: set on a finished answer, each one makes Hono copy the answer whole (on a
 * deal poll that copying was a tenth of the server's time). An answer made outside the context (a
 * Response returned as it is) is the one left without them: it gets them afterwards, copied first
 * when its headers are immutable (Response.redirect).
 */
export async function withHeaders(c: Context, headers: HeaderPairs, next: Next): Promise<void> {
  for (const [name, value] of headers) c.header(name, value);
  await next();
  const [first] = headers;
  if (!first || c.res.headers.get(first[0]) === first[1]) return;
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of headers) c.res.headers.set(name, value);
  }
}

/** Under this size an answer goes out uncompressed: compress()'s own default, named for sizedJson. */
export const compressionThresholdBytes = 1024;

/**
 * A JSON answer that says its size. compress() leaves an answer under 1 KB as it is only when it
 * knows the size; without it, a deal poll (~0.6 KB, asked every second by each phone waiting for
 * its machine) went through a compression stream and a copy of the answer each time.
 */
export function sizedJson(c: Context, value: unknown): Response {
  const text = JSON.stringify(value);
  return c.body(text, 200, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) });
}
