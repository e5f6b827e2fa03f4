import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while the server renders a screen and while the browser hydrates it; true once React runs the
 * page (at once when the browser renders it alone). Controls whose input React would drop before then —
 * a phone typed into server-rendered HTML, a form sent by the browser itself — wait for it.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
