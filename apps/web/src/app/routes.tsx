import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Spinner } from '@vendo/ui';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useState } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Switch, useLocation } from 'wouter';
import { machinesScreens, notFoundScreen } from '../features/machines/screens.ts';
import { purchaseScreens } from '../features/purchase/screens.ts';
import { rfidScreens } from '../features/rfid/screens.ts';
import { SignIn, signInScreens } from '../features/sign-in/screens.ts';
import { type FeatureScreens, type PathName, paths, type ScreenLoader } from '../lib/paths.ts';
import { reloadingOnFailure } from '../lib/platform/chunk-reload.ts';
import { Session, useSession } from '../lib/session.tsx';
import { Guard } from './guard.tsx';

type Screen = LazyExoticComponent<ComponentType> | ComponentType;

const groupOf = (name: PathName) => (paths[name] as { group?: string }).group ?? null;

/**
 * Each screen's code loads when its route is visited, with its feature's texts: every feature says
 * which routes its screens serve. Those a member lands on, and those that share a screen across routes, are
 * known from the first load; the others (account, wallet) from screens-on-demand.ts.
 */
const loaders: FeatureScreens = {
  ...signInScreens,
  ...machinesScreens,
  ...rfidScreens,
  ...purchaseScreens,
};

let onDemand: Promise<FeatureScreens> | undefined;
/** The account's and wallet's loaders; a failed load (offline) is tried again on the next ask. */
export function screensOnDemand(): Promise<FeatureScreens> {
  onDemand ??= import('./screens-on-demand.ts').then(
    (module) => module.screensOnDemand,
    (failure: unknown) => {
      onDemand = undefined;
      throw failure;
    },
  );
  return onDemand;
}

/**
 * One loader per route, so its screen keeps one identity: the first load's, or one that asks screensOnDemand.
 * None for `/`, whose screen is part of the first load itself.
 */
const loadersOnDemand = new Map<PathName, ScreenLoader>();
export const loaderOf = (name: PathName): ScreenLoader | undefined => {
  if (name === 'signIn') return undefined;
  const known = loaders[name];
  if (known) return known;
  let load = loadersOnDemand.get(name);
  if (!load) {
    load = () => screensOnDemand().then((screens) => (screens[name] ?? notFoundScreen)());
    loadersOnDemand.set(name, load);
  }
  return load;
};

/**
 * Screens whose code and texts arrived before the app first rendered (preloadScreen): drawn at once,
 * never suspended, so a page the server drew is taken over in one pass.
 */
const loadedScreens = new Map<ScreenLoader, ComponentType>();

/**
 * One component per loader, so routes sharing a screen share it: the screen itself when it was preloaded,
 * else a lazy one. A load that failed (after its one reload, chunk-reload.ts) is forgotten: React keeps a
 * lazy's failure, so the next render tries a fresh lazy.
 */
const lazyScreens = new Map<ScreenLoader, Screen>();
const lazyOnce = (load: ScreenLoader) => {
  let screen = lazyScreens.get(load);
  if (!screen) {
    const reloading = reloadingOnFailure(load);
    screen =
      loadedScreens.get(load) ??
      lazy(() =>
        reloading().catch((failure: unknown) => {
          lazyScreens.delete(load);
          throw failure;
        }),
      );
    lazyScreens.set(load, screen);
  }
  return screen;
};

/** Where members land: part of the first load, so its first paint waits for no second request. */
const screenOf = (name: PathName): Screen | ComponentType => {
  const load = loaderOf(name);
  return load ? lazyOnce(load) : SignIn;
};

/** The route an address opens (spec §2), as the route table below matches it; none for any other address. */
export const routeOf = (pathname: string): PathName | undefined =>
  (Object.keys(paths) as PathName[]).find((key) => matchRoute(parse, paths[key].pattern, pathname)[0]);

/**
 * Loads the screen of the address the app opens on, with its texts, while the rest of the app starts.
 * Once it has arrived the route draws it without suspending (a server-drawn page waits for it before
 * hydrating); a failure is left to the route's own load, which reloads the page once.
 */
export async function preloadScreen(pathname: string, search: string): Promise<void> {
  const name = routeOf(pathname);
  const load = name ? loaderOf(name) : undefined;
  if (!load) return;
  try {
    const screen = await load();
    await screen.preload?.(search);
    loadedScreens.set(load, screen.default);
  } catch {
    // The route's lazy load tries again and reports it.
  }
}

const NotFound = lazyOnce(notFoundScreen);

/**
 * The longest a screen's code and texts may take to arrive. A chunk that fails reloads the page once
 * (chunk-reload.ts); one that never answers would otherwise leave the spinner up for good.
 */
export const SCREEN_LOAD_LIMIT_MS = 20_000;

/**
 * While a screen's code and texts arrive. Past the limit the error boundary's screen takes over, with its way
 * out: loading the page afresh (a module the browser is still waiting for cannot be asked for again).
 */
export function Loading() {
  const { i18n } = useLingui();
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), SCREEN_LOAD_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  if (late) throw new Error('screen load timed out');
  return (
    <main className="vendo-page vendo-page--center">
      <Spinner label={i18n._(msg`Loading…`)} />
    </main>
  );
}

/**
 * The first screen's heading, until another screen shows: the first screen of a visit keeps the browser's
 * own focus, at its first address and at the one the app moves it to as it takes the page over (a machine's
 * page becoming /machine-inventory: the member may have scrolled already). Later screens take it.
 */
let firstScreen: string | null | undefined;

/** Mounted beside the screen (once per address), so it runs once the screen has rendered. */
function ScreenAnnouncer() {
  useEffect(() => {
    const heading = document.querySelector('main h1')?.textContent ?? null;
    const moveFocus = firstScreen !== undefined && (heading === null || heading !== firstScreen);
    firstScreen = moveFocus ? null : heading;
    // Loaded beside the screen, not with the app's first paint, which it never changes.
    let stop = () => {};
    let gone = false;
    void import('./screen-heading.ts').then(({ announceScreen }) => {
      if (!gone) stop = announceScreen(moveFocus);
    });
    return () => {
      gone = true;
      stop();
    };
  }, []);
  return null;
}

/**
 * The session keeps the flows that span several addresses (the deal, the card link) while their screens
 * are shown: each address tells it whose screens these are, and a flow whose screens were left stops.
 */
export function useFlowsFollowScreens(location: string) {
  const session = Session.useActorRef();
  useEffect(() => {
    const name = routeOf(location);
    const group = name && groupOf(name);
    session.send({ type: 'screen.shown', flow: group === 'deal' || group === 'cardLink' ? group : null });
  }, [location, session]);
}

/** The route table of spec §2: exact matches, in one place, every route behind the common guard. */
export function Routes() {
  const [location] = useLocation();
  useFlowsFollowScreens(location);
  // Once a member's first screen is up, the other screens' loaders come too: a tap on the menu finds them here.
  // A visitor signing in needs none of them (they are a member's screens), so `/` loads nothing more meanwhile.
  const { signedIn } = useSession();
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => void screensOnDemand().catch(() => undefined), 1_000);
    return () => clearTimeout(timer);
  }, [signedIn]);
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        {(Object.keys(paths) as PathName[]).map((name) => {
          const Screen = screenOf(name);
          return (
            // A group shares a key: moving between its routes updates the mounted screen instead of remounting it.
            <Route key={groupOf(name) ?? name} path={paths[name].pattern}>
              <Guard name={name}>
                <Screen />
              </Guard>
            </Route>
          );
        })}
        <Route>
          <NotFound />
        </Route>
      </Switch>
      <ScreenAnnouncer key={location} />
    </Suspense>
  );
}
