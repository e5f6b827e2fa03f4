import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createApi } from '../../api/index.ts';
import type { StoragePort } from '../../ports.ts';
import { json, neverAnswers, scriptedFetch } from '../../test-support/scripted-fetch.ts';
import { memoryStorage } from '../../test-support/storage.ts';
import { sessionActors } from './session.actors.ts';
import type { LoadedMember } from './session.types.ts';

function actorsWith(
  storage: StoragePort,
  answer: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 204 }),
) {
  const script = scriptedFetch(answer);
  const api = createApi({
    baseUrl: 'https://vendo.test/api/',
    getToken: () => storage.read('vendo.token'),
    fetch: script.fetch,
  });
  return { actors: sessionActors({ api, storage }), requests: script.requests };
}

const run = <T>(logic: Parameters<typeof createActor>[0], input?: unknown) =>
  toPromise(createActor(logic, { input } as never).start()) as Promise<T>;

describe('session effects on storage (spec §7: one year)', () => {
  it('restores the token, the member id and the machine', async () => {
    const storage = memoryStorage({ 'vendo.token': 't', 'vendo.member': '17', 'vendo.machine': 'demo' });
    const restored = await run(actorsWith(storage).actors.restore);
    expect(restored).toEqual({ token: 't', memberId: 17, machineName: 'demo' });
  });

  it('reads a mangled member id as none', async () => {
    const storage = memoryStorage({ 'vendo.token': 't', 'vendo.member': 'x' });
    const restored = await run<{ memberId: number | null }>(actorsWith(storage).actors.restore);
    expect(restored.memberId).toBeNull();
  });

  it('stores a session for 31536000 seconds', async () => {
    const memory = memoryStorage();
    await run(actorsWith(memory).actors.saveSession, { token: 't', memberId: 17 });
    expect(Object.fromEntries(memory.lifetimes)).toEqual({ 'vendo.token': 31_536_000, 'vendo.member': 31_536_000 });
  });

  it('revokes the token on the server before forgetting everything', async () => {
    const memory = memoryStorage({ 'vendo.token': 't', 'vendo.member': '17', 'vendo.machine': 'demo' });
    const { actors, requests } = actorsWith(memory);
    await run(actors.forget, { token: 't', memberId: 17 });
    expect(requests[0]?.headers.get('Authorization')).toBe('Token token=t');
    expect(requests[0]?.url).toBe('https://vendo.test/api/community_members/17/session');
    expect([...memory.kept.keys()]).toEqual([]);
  });

  it('drops the sign-out call once the flow no longer waits for it (issue 34 point 4)', async () => {
    const memory = memoryStorage({ 'vendo.token': 't', 'vendo.member': '17' });
    const sent: AbortSignal[] = [];
    const { actors } = actorsWith(memory, (request) => {
      sent.push(request.signal);
      return neverAnswers(request);
    });
    const signingOut = createActor(actors.forget, { input: { token: 't', memberId: 17 } }).start();
    await vi.waitFor(() => expect(sent).toHaveLength(1));

    signingOut.stop();

    expect(sent[0]?.aborted).toBe(true);
  });

  it('keeps every balance the provider answers, one per currency (issue 32 point 5)', async () => {
    const storage = memoryStorage();
    const balances = [
      { amount: 42.5, currency: 'MXN' },
      { amount: 2000, currency: 'JPY' },
    ];
    const { actors } = actorsWith(storage, (request) =>
      request.url.endsWith('/balances')
        ? json({ balances })
        : json({ community_member: { id: 17, balance: 40, phone: '5512345678' } }),
    );
    const loaded = await run<LoadedMember>(actors.loadMember, { token: 't', memberId: 17 });
    expect(loaded).toMatchObject({ balance: 40, balances });
  });
});
