import type { Api } from '@vendo/core';
import { describe, expect, it, vi } from 'vitest';
import { lazyApi } from './lazy-api.ts';

const fakeApi = (get: (...args: unknown[]) => Promise<unknown>) => ({ members: { get } }) as unknown as Api;

describe('the API client loads on first use', () => {
  it('loads nothing until a call is made', () => {
    const load = vi.fn(async () => fakeApi(async () => 'member'));
    lazyApi(load);
    expect(load).not.toHaveBeenCalled();
  });

  it('passes the call through with its arguments', async () => {
    const get = vi.fn(async () => ({ ok: true }));
    const api = lazyApi(async () => fakeApi(get));
    await api.members.get(17, { signal: undefined });
    expect(get).toHaveBeenCalledWith(17, { signal: undefined });
  });

  it('loads the client once for many calls', async () => {
    const load = vi.fn(async () => fakeApi(async () => 'member'));
    const api = lazyApi(load);
    await Promise.all([api.members.get(1), api.members.get(2)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after it failed (offline)', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue(fakeApi(async () => 'member'));
    const api = lazyApi(load);
    await expect(api.members.get(1)).rejects.toThrow('offline');
    await expect(api.members.get(1)).resolves.toBe('member');
  });
});
