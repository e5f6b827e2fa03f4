import { I18nProvider } from '@lingui/react';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18n } from './i18n/i18n.ts';
import { type Platform, PlatformProvider } from './platform/platform.tsx';

/**
 * Renders screens for a test as the app mounts them (texts, the platform's ports, the router) at `path`,
 * on an address the test can read and move (`go`), with time the test moves (`wait`, under fake timers).
 */
export function renderApp(ui: ReactNode, { path, platform }: { path: string; platform: Platform }) {
  const location = memoryLocation({ path, record: true });
  const rendered = render(
    <I18nProvider i18n={i18n}>
      <PlatformProvider platform={platform}>
        <Router hook={location.hook}>{ui}</Router>
      </PlatformProvider>
    </I18nProvider>,
  );
  return {
    ...rendered,
    path: () => location.history.at(-1),
    go: (to: string) => act(async () => location.navigate(to)),
    wait: (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms)),
  };
}
