import { createApi, type StoragePort, storageKeys } from '@vendo/core';
import { apiBaseUrl } from '../config.ts';

export const memberApi = (storage: StoragePort, getLocale: () => string) =>
  createApi({ baseUrl: apiBaseUrl, getToken: () => storage.read(storageKeys.token), getLocale });

export const tokenApi = (token: string, getLocale: () => string) =>
  createApi({ baseUrl: apiBaseUrl, getToken: () => token, getLocale });
