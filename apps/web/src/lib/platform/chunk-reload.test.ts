import { describe, expect, it, vi } from 'vitest';
import { type ReloadPort, reloadingOnFailure, reloadOnce } from './chunk-reload.ts';

function tab(): ReloadPort & { reloads: number } {
  const stored = new Map<string, string>();
  const port = {
    reloads: 0,
    session: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
    reload: () => {
      port.reloads++;
    },
  };
  return port;
}

describe('a chunk that fails to load reloads the page once (issue 15 point 24)', () => {
  it('reloads on the first failure and not on the second, so a missing chunk never loops', () => {
    const port = tab();

    const first = reloadOnce(port);
    const second = reloadOnce(port);

    expect([first, second, port.reloads]).toEqual([true, false, 1]);
  });

  it('does not reload a page being left: the loads the browser cut are no missing chunk (issue 37)', () => {
    const port = Object.assign(tab(), { leaving: () => true });

    const reloaded = reloadOnce(port);

    expect([reloaded, port.reloads]).toEqual([false, 0]);
  });

  it('throws the failure after the reload to the error boundary', async () => {
    const port = tab();
    reloadOnce(port);
    const afterReload = { ...port, reloading: false };
    const load = reloadingOnFailure(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      afterReload,
    );

    await expect(load()).rejects.toThrow('Failed to fetch');
  });

  it('stays suspended while the page reloads after the first failure', async () => {
    const port = tab();
    const load = reloadingOnFailure(() => Promise.reject(new TypeError('chunk')), port);
    const settled = vi.fn();

    void load().then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect([port.reloads, settled.mock.calls.length]).toEqual([1, 0]);
  });

  it('reloads again for a later release once a chunk has loaded', async () => {
    const port = tab();
    reloadOnce(port);

    await reloadingOnFailure(() => Promise.resolve('screen'), port)();

    expect(reloadOnce(port)).toBe(true);
  });
});
