import type { Api } from '@vendo/core';

/**
 * An Api whose client (ky, zod and the contract) loads on the first call, so the
 * first paint does not wait for it. Every Api function returns a promise, so
 * each call simply awaits the real client first.
 */
export function lazyApi(load: () => Promise<Api>): Api {
  let loading: Promise<Api> | null = null;
  const client = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed chunk load (offline) is tried again on the next call.
      loading = null;
      throw error;
    });
    return loading;
  };
  return new Proxy({} as Api, {
    get: (_, resource: string) =>
      new Proxy(
        {},
        {
          get:
            (__, call: string) =>
            async (...args: unknown[]) => {
              const api = (await client()) as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>;
              const group = api[resource];
              const fn = group?.[call];
              if (!fn) throw new TypeError(`api.${resource}.${call} does not exist`);
              return fn.apply(group, args);
            },
        },
      ),
  });
}
