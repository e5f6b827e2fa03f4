import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens render their source texts (English): the catalogs are checked by catalogs.test.ts.
i18n.loadAndActivate({ locale: 'en', messages: {} });

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount here.
afterEach(() => {
  cleanup();
});
