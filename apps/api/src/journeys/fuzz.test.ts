import { type CallDef, calls } from '@vendo/core/contract';
import { callExamples } from '@vendo/core/contract/examples';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';

let t: TestServer;
let member: { id: number; token: string };
let sent = 0;

beforeAll(async () => {
  t = await startTestServer();
  member = await t.member('+525560000001', 50);
});
afterAll(() => t.close());

/** A request the way a confused or hostile client might send it. */
async function send(call: CallDef, path: string, body: string | undefined) {
  sent++;
  const response = await fetch(`${t.url}${path}`, {
    method: call.method,
    headers: {
      Authorization: `Token token=${member.token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `fuzz-${sent}`,
    },
    ...(body === undefined ? {} : { body }),
  });
  await response.arrayBuffer();
  return response.status;
}

const servedWith = (call: CallDef, param: (name: string) => string) =>
  `${call.base === 'v4' ? '/api/v4/' : '/api/'}${call.path.replace(/\{(\w+)\}/g, (_, name: string) => param(name))}`;

const ownPath = (call: CallDef) =>
  servedWith(call, (name) =>
    name === 'id' && call.path.startsWith('community_members') ? String(member.id) : name === 'name' ? 'demo' : '1',
  );

/** A realistic body with one field broken, dropped or replaced, or any JSON at all, or not JSON. */
function badBodies(name: keyof typeof calls) {
  const good = (callExamples[name] as { body?: { good: Record<string, unknown> } }).body?.good ?? {};
  const fields = Object.keys(good);
  const broken = fields.length
    ? fc
        .record({ field: fc.constantFrom(...fields), value: fc.oneof(fc.jsonValue(), fc.constant(undefined)) })
        .map(({ field, value }) => JSON.stringify({ ...good, [field]: value }))
    : fc.jsonValue().map((value) => JSON.stringify(value));
  return fc.oneof(
    broken,
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 200 }),
  );
}

const names = Object.keys(calls) as (keyof typeof calls)[];

describe('generated bad input never reaches a 5xx', () => {
  it.each(names.filter((name) => (calls[name] as CallDef).body))(
    '%s answers malformed bodies with a 4xx',
    async (name) => {
      const call = calls[name] as CallDef;
      await fc.assert(
        fc.asyncProperty(badBodies(name), async (body) => {
          const status = await send(call, ownPath(call), body);
          expect(status).toBeLessThan(500);
        }),
        { numRuns: 60 },
      );
    },
  );

  it.each(names.filter((name) => /\{\w+\}/.test((calls[name] as CallDef).path)))(
    '%s answers malformed path parameters with a 4xx',
    async (name) => {
      const call = calls[name] as CallDef;
      const good = (callExamples[name] as { body?: { good: unknown } }).body?.good;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.string({ maxLength: 80 }), fc.integer().map(String), fc.double().map(String)),
          async (param) => {
            const path = servedWith(call, () => encodeURIComponent(param) || '%20');
            const status = await send(call, path, good === undefined ? undefined : JSON.stringify(good));
            expect(status).toBeLessThan(500);
          },
        ),
        { numRuns: 25 },
      );
    },
  );

  it('sent at least 1,000 malformed requests', () => {
    expect(sent).toBeGreaterThanOrEqual(1_000);
  });
});
