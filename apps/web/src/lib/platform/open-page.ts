import type { OpenPage } from '@vendo/core';

/** Core's OpenPage port in the browser: the provider's page loads in place of the app. */
export const openPage: OpenPage = (url) => window.location.assign(url);
