/**
 * A new release removes the previous build's chunks: a tab opened before it fails to load the next
 * screen's code. Reloading fetches the new index.html and its chunks. The marker in sessionStorage
 * makes it one reload: if the chunk still fails after it, the error reaches the error boundary
 * instead of reloading forever. A chunk that loads clears the marker, so a later release reloads again.
 */
const marker = 'vendo.chunk-reload';

export interface ReloadPort {
  readonly session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  readonly reload: () => void;
  /** Set once this page started its reload: every other failing load then waits for it. */
  reloading?: boolean;
  /**
   * Whether the page is being left (a link, a form sent before the app took the page over): the browser then
   * cuts the loads on their way, which is no missing chunk, and a reload would undo where the member went.
   */
  readonly leaving?: () => boolean;
}

let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leaving = true;
  });
  // Back from the browser's cache, or a leaving that did not happen: loads may fail for real again.
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/**
 * The server renders screens too, with no tab to reload: it counts as already reloaded, so a chunk that
 * fails to load there fails the render at once.
 */
const noTab: ReloadPort['session'] = { getItem: () => '1', setItem: () => {}, removeItem: () => {} };

const browser: ReloadPort = {
  get session() {
    return typeof sessionStorage === 'undefined' ? noTab : sessionStorage;
  },
  reload: () => window.location.reload(),
  leaving: () => leaving,
};

/** Reloads the page unless this tab already reloaded for a chunk; says whether it did. */
export function reloadOnce(port = browser): boolean {
  if (port.leaving?.() || port.session.getItem(marker)) return false;
  port.session.setItem(marker, '1');
  port.reloading = true;
  port.reload();
  return true;
}

/**
 * A screen's code, reloading the page once when it fails to load. While the page reloads the
 * screen stays suspended; a failure after the reload is thrown to the error boundary.
 */
export function reloadingOnFailure<T>(load: () => Promise<T>, port = browser): () => Promise<T> {
  return async () => {
    try {
      const loaded = await load();
      port.session.removeItem(marker);
      return loaded;
    } catch (failure) {
      if (port.reloading || reloadOnce(port)) return new Promise<T>(() => {});
      throw failure;
    }
  };
}
