import type { Api, StoragePort } from '@vendo/core';
import { lazyApi } from './lazy-api.ts';

const client = () => import('./api-client.ts');

/** The provider API as the member (the token read from storage at each call), in the active language. */
export function browserApi(storage: StoragePort, getLocale: () => string): Api {
  return lazyApi(async () => (await client()).memberApi(storage, getLocale));
}

/** The API with a given token, for the moment between confirming a code and storing the session. */
export function apiWithToken(token: string, getLocale: () => string): Api {
  return lazyApi(async () => (await client()).tokenApi(token, getLocale));
}
