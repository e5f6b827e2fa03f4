import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createApi } from '../../api/index.ts';
import { examples } from '../../contract/examples.ts';
import { json, scriptedFetch } from '../../test-support/scripted-fetch.ts';
import { loginActors } from './login.actors.ts';

function actorsAnswering(answer: (request: Request) => Response) {
  const script = scriptedFetch(answer);
  const api = createApi({ baseUrl: 'https://vendo.test/api/', getToken: () => null, fetch: script.fetch });
  return { actors: loginActors({ api, apiFor: () => api }), requests: script.requests };
}

const run = <T>(logic: Parameters<typeof createActor>[0], input: unknown) =>
  toPromise(createActor(logic, { input } as never).start()) as Promise<T>;

const phone = { country: '+52', phone: '5512345678' };
const signedIn = json({ community_member: { ...examples.member, gender: 'Mujer', auth_token: 'tok-1' } });

describe("issue 32 points 1 and 2: the send's challenge, over the provider's API", () => {
  it('reads the challenge the send answers', async () => {
    const { actors } = actorsAnswering(() => json({ challenge: 'challenge-a' }));
    expect(await run(actors.requestCode, phone)).toBe('challenge-a');
  });

  it('reads none from a provider that answers 204, or a body of its own (spec §7: 200 or 204 is success)', async () => {
    expect(await run(actorsAnswering(() => new Response(null, { status: 204 })).actors.requestCode, phone)).toBeNull();
    expect(await run(actorsAnswering(() => json({ sent: true })).actors.requestCode, phone)).toBeNull();
  });

  it('takes a 200 that carries an error object for the failure it is (spec §8)', async () => {
    const { actors } = actorsAnswering(() => json({ error: { error_code: 'too_many_requests' } }));
    await expect(run(actors.requestCode, phone)).rejects.toMatchObject({ error_code: 'too_many_requests' });
  });

  it('sends the challenge back beside the code', async () => {
    const { actors, requests } = actorsAnswering(() => signedIn.clone());
    await run(actors.confirmCode, { ...phone, code: '4821', challenge: 'challenge-a' });
    expect(await requests[0]?.json()).toEqual({
      phone: '5512345678',
      countries: '+52',
      verify_code: '4821',
      challenge: 'challenge-a',
    });
  });

  it('sends no challenge field when the send answered none', async () => {
    const { actors, requests } = actorsAnswering(() => signedIn.clone());
    await run(actors.confirmCode, { ...phone, code: '4821', challenge: null });
    expect(await requests[0]?.json()).toEqual({ phone: '5512345678', countries: '+52', verify_code: '4821' });
  });
});
