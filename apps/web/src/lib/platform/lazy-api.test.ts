import type { Api } from '@vendo/core';
import { describe, expect, it, vi } from 'vitest';
import { lazyApi, nextTask } from './lazy-api.ts';

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
    await api.members.get(1);
    await expect(api.members.get(1)).resolves.toBe('member');
  });

  it('answers a failed load of its code as an ApiError of kind network (issue 15 point 25)', async () => {
    const api = lazyApi(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

    const answer = await api.members.get(1);

    expect(answer).toMatchObject({ ok: false, error: { kind: 'network', status: null } });
  });
});

/** Settles after every microtask queued so far and the ones they queue, but within the same task. */
const microtasksDrained = async () => {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
};

describe('loading the client and acting on an answer are separate tasks', () => {
  it('makes the first call in a task after the one that loaded the client', async () => {
    const get = vi.fn(async () => ({ ok: true }));
    const api = lazyApi(async () => fakeApi(get));

    void api.members.get(17);
    await microtasksDrained();

    expect(get).not.toHaveBeenCalled();
    await nextTask();
    expect(get).toHaveBeenCalledWith(17);
  });

  it('hands the answer to its caller in a task after the one that read it', async () => {
    const api = lazyApi(async () => fakeApi(async () => ({ ok: true })));
    await api.members.get(1);
    let answered = false;

    void api.members.get(17).then(() => {
      answered = true;
    });
    await microtasksDrained();

    expect(answered).toBe(false);
    await nextTask();
    await microtasksDrained();
    expect(answered).toBe(true);
  });
});

describe('nextTask (issue 31 point 2: an answer read and never handed on left a screen on its spinner)', () => {
  it('resolves every wait, in the order they were asked, each in a task after the asking one', async () => {
    const order: string[] = [];
    const waits = [1, 2, 3].map((n) => nextTask().then(() => order.push(`task ${n}`)));
    order.push('asked');

    await Promise.all(waits);

    expect(order).toEqual(['asked', 'task 1', 'task 2', 'task 3']);
  });
});
