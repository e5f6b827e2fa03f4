import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('the demo world speaks plain text (issue 15 point 22)', () => {
  it("has no markup in the members' custom messages: the app shows them as text", async () => {
    const ana = await t.signIn('5512345678');

    const answer = await t.api(ana.token).messages.list(ana.id);

    const texts = answer.ok
      ? answer.value.community_member_messages.flatMap((message) => [
          message.title,
          message.summary,
          message.description,
        ])
      : ['(the call failed)'];
    expect(texts.filter((text) => /<\/?[a-z][^>]*>/i.test(text ?? ''))).toEqual([]);
  });
});
