import { describe, expect, it } from 'vitest';
import { json, scriptedFetch } from '../test-support/scripted-fetch.ts';
import { createApi } from './index.ts';

// Issue 35 point 4: the link of a confirmation e-mail is confirmed through the client like any other call.

function clientAnswering(answer: () => Response) {
  const script = scriptedFetch(answer);
  return { api: createApi({ baseUrl: 'https://vendo.test/api/', getToken: () => null, fetch: script.fetch }), script };
}

describe('members.confirmEmail (issue 35 point 4)', () => {
  it('answers a typed success on 204', async () => {
    const { api } = clientAnswering(() => new Response(null, { status: 204 }));

    const result = await api.members.confirmEmail({ token: 'Xq2v9Zr0bM2kT7wLpA4sHc' });

    expect(result).toEqual({ ok: true, value: undefined });
  });

  it("answers the server's refusal as an ApiError carrying its code", async () => {
    const refusal = { error: { error_code: 'email_confirmation_expired', message: 'El enlace venció' } };
    const { api } = clientAnswering(() => json(refusal, 422));

    const result = await api.members.confirmEmail({ token: 'Xq2v9Zr0bM2kT7wLpA4sHc' });

    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'http', status: 422, error_code: 'email_confirmation_expired', message: 'El enlace venció' },
    });
  });

  it('sends the token in the body and no Authorization, since the link may be opened signed out', async () => {
    const { api, script } = clientAnswering(() => new Response(null, { status: 204 }));

    await api.members.confirmEmail({ token: 'Xq2v9Zr0bM2kT7wLpA4sHc' });

    expect(await script.requests[0]?.json()).toEqual({ token: 'Xq2v9Zr0bM2kT7wLpA4sHc' });
    expect(script.requests[0]?.headers.get('Authorization')).toBeNull();
  });
});
