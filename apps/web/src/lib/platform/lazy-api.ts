import { type Api, type ApiResult, transportError } from '@vendo/core';

/** One channel for the page, held here: a port only its own handler refers to may be collected with a message still pending. */
let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

/**
 * Resolves in a new task, leaving the browser free in between for input and paint.
 * Loading the client's code, reading an answer and acting on it then run as separate
 * tasks, none long enough alone to hold up a tap on a slow phone. A message rather
 * than a timer, because browsers slow timers down in background tabs.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => waiting.shift()?.();
    }
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/**
 * The client's code did not arrive (offline, or a release replaced it): for the flows this is the
 * provider out of reach, so it is the ApiError of a network failure, not a TypeError they cannot read.
 */
const unreachable: ApiResult<never> = {
  ok: false,
  error: transportError({ method: '', path: '' }, 'network', 'the app could not load its API client'),
};

/**
 * An Api whose client (ky, zod and the contract) loads on the first call, so the
 * first paint does not wait for it. Every Api function returns a promise, so
 * each call simply awaits the real client first, and its caller gets the answer
 * in a task of its own.
 */
export function lazyApi(load: () => Promise<Api>): Api {
  let loading: Promise<Api> | null = null;
  const client = () => {
    loading ??= load().then(
      async (api) => {
        await nextTask();
        return api;
      },
      (error: unknown) => {
        // A failed chunk load (offline) is tried again on the next call.
        loading = null;
        throw error;
      },
    );
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
              let api: Api;
              try {
                api = await client();
              } catch {
                return unreachable;
              }
              // Looked up by name, as the caller asked: the proxy stands for every call of the Api.
              const group: unknown = Reflect.get(api, resource);
              const fn: unknown = typeof group === 'object' && group !== null ? Reflect.get(group, call) : undefined;
              if (typeof fn !== 'function') throw new TypeError(`api.${resource}.${call} does not exist`);
              const answer: unknown = await Reflect.apply(fn, group, args);
              await nextTask();
              return answer;
            },
        },
      ),
  });
}
