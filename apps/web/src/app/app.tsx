import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Notice, type ThemeName, ThemeRoot } from '@vendo/ui';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { loadMenu } from '../features/account/menu-loader.ts';
// The providers alone: the features' flows would join the first load with their index.ts.
import { LoginModalProvider, LoginProvider } from '../features/sign-in/index.ts';
import { ShellProvider, useShell } from '../lib/frame/shell-context.tsx';
import { i18n } from '../lib/i18n/i18n.ts';
import { type Platform, PlatformProvider } from '../lib/platform/platform.tsx';
import { SessionProvider, useSession } from '../lib/session.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { Routes } from './routes.tsx';

/** The side menu's code and texts (the account catalog) load the first time it opens: most visits never open it. */
const AppMenu = lazy(loadMenu);

/**
 * Also wanted at once when the member has news of a restock (issue 35 point 2) or a store payment credited
 * (issue 37 point 1): the menu's code tells it.
 */
function LazyMenu() {
  const { menuOpen } = useShell();
  const { member } = useSession();
  const [wanted, setWanted] = useState(false);
  const news = member?.restock_alerts?.some((alert) => alert.back) || member?.credited_references?.length;
  if ((menuOpen || news) && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <AppMenu />
    </Suspense>
  ) : null;
}

function subscribeOnline(notify: () => void) {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/** A banner while the phone has no connection; what was typed stays where it is. */
function OfflineBanner() {
  // The server renders the page online.
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <Notice tone="warning">
      <Trans>You are offline. We will carry on when the connection is back.</Trans>
    </Notice>
  );
}

/** The app; the server renders it with an `i18n` of its request's own, the browser with the page's. */
export function App({ platform, theme, texts = i18n }: { platform: Platform; theme: ThemeName; texts?: I18n }) {
  return (
    <I18nProvider i18n={texts}>
      <ThemeRoot theme={theme}>
        <ErrorBoundary>
          <PlatformProvider platform={platform}>
            <SessionProvider>
              <LoginProvider>
                <ShellProvider>
                  <LoginModalProvider>
                    <OfflineBanner />
                    <Routes />
                    <LazyMenu />
                  </LoginModalProvider>
                </ShellProvider>
              </LoginProvider>
            </SessionProvider>
          </PlatformProvider>
        </ErrorBoundary>
      </ThemeRoot>
    </I18nProvider>
  );
}
