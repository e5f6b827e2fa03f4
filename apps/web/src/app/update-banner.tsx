import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Button, Notice, type ThemeName, ThemeRoot } from '@vendo/ui';
import { createRoot } from 'react-dom/client';
import { i18n } from '../lib/i18n/i18n.ts';

/**
 * A new release waits (build/service-worker.ts): the member updates when it suits them, never in the
 * middle of a purchase. The waiting worker takes over, then the page reloads into the release.
 */
export function UpdateBanner({ worker }: { worker: ServiceWorker }) {
  const update = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload());
    worker.postMessage('skip-waiting');
  };
  return (
    <Notice tone="info">
      <Button onClick={update}>
        <Trans>New version: update</Trans>
      </Button>
    </Notice>
  );
}

/** Shows the offer above the app, in the app's language and theme. */
export function mountUpdateBanner(worker: ServiceWorker, theme: ThemeName): void {
  const host = document.createElement('div');
  host.className = 'vendo-update';
  document.body.prepend(host);
  createRoot(host).render(
    <I18nProvider i18n={i18n}>
      <ThemeRoot theme={theme}>
        <UpdateBanner worker={worker} />
      </ThemeRoot>
    </I18nProvider>,
  );
}
