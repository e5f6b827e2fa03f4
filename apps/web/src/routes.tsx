import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Spinner } from '@vendo/ui';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { type Feature, loadFeature } from './i18n/i18n.ts';
import { type PathName, paths } from './paths.ts';
import { reloadingOnFailure } from './platform/chunk-reload.ts';
import SignIn from './screens/sign-in.tsx';
import { Guard } from './shell/guard.tsx';

type Screen = LazyExoticComponent<ComponentType>;

type Loader = () => Promise<{ default: ComponentType }>;

/** A screen whose feature texts load beside its code. */
function withTexts(feature: Feature, load: Loader): Loader {
  return async () => (await Promise.all([load(), loadFeature(feature)]))[0];
}

/** The deal-flow routes (spec §2) share one screen: the flow decides which of them shows. */
const dealScreens = withTexts('deals', () => import('./screens/deal.tsx'));
const addCard = withTexts('wallet', () => import('./screens/add-card.tsx'));
/** The employee-card link routes (spec §2) share one screen too. */
const cardLinkScreens = withTexts('account', () => import('./screens/card-link.tsx'));
const machineSelection = withTexts('machines', () => import('./screens/machine-selection.tsx'));
const machineInventory = withTexts('machines', () => import('./screens/machine-inventory.tsx'));
const groupOf = (name: PathName) => (paths[name] as { group?: string }).group ?? null;

/** Each screen's code loads when its route is visited. */
const loaders: Partial<Record<PathName, Loader>> = {
  phoneVerification: withTexts('signin', () => import('./screens/phone-verification.tsx')),
  machineSelection,
  machineSelectionNew: machineSelection,
  machineInventory,
  machineInventoryRecharged: machineInventory,
  machineByName: withTexts('machines', () => import('./screens/machine-by-name.tsx')),
  product: withTexts('machines', () => import('./screens/product.tsx')),
  topUp: withTexts('wallet', () => import('./screens/top-up.tsx')),
  profile: withTexts('account', () => import('./screens/profile.tsx')),
  editProfile: withTexts('account', () => import('./screens/edit-profile.tsx')),
  history: withTexts('account', () => import('./screens/history.tsx')),
  paymentMethods: withTexts('wallet', () => import('./screens/payment-methods.tsx')),
  edenredCallback: withTexts('wallet', () => import('./screens/edenred-callback.tsx')),
  selectPaymentMethod: addCard,
  addPaymentMethod: addCard,
  addPaymentMethodMobile: addCard,
  ...Object.fromEntries(
    (Object.keys(paths) as PathName[])
      .filter(groupOf)
      .map((name) => [name, groupOf(name) === 'deal' ? dealScreens : cardLinkScreens]),
  ),
  addRfidDevice: withTexts('account', () => import('./screens/add-rfid-device.tsx')),
};

/**
 * One lazy component per loader, so routes sharing a screen share its component. A load that failed
 * (after its one reload, chunk-reload.ts) is forgotten: React keeps a lazy's failure, so the next
 * render tries a fresh lazy.
 */
const lazyScreens = new Map<Loader, Screen>();
const lazyOnce = (load: Loader) => {
  let screen = lazyScreens.get(load);
  if (!screen) {
    const reloading = reloadingOnFailure(load);
    screen = lazy(() =>
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
const screenOf = (name: PathName): Screen | ComponentType | undefined => {
  const load = loaders[name];
  return name === 'signIn' ? SignIn : load && lazyOnce(load);
};

/** Starts loading the screen of the address the app opens on, while the rest of the app starts. */
export function preloadScreen(pathname: string): void {
  const name = (Object.keys(paths) as PathName[]).find((key) => matchesPattern(paths[key].pattern, pathname));
  const load = name ? loaders[name] : undefined;
  if (load) void load();
}

function matchesPattern(pattern: string, pathname: string): boolean {
  const parts = pattern.split('/');
  const given = pathname.replace(/\/+$/, '').split('/');
  if (pathname === '/') return pattern === '/';
  return parts.length === given.length && parts.every((part, index) => part.startsWith(':') || part === given[index]);
}

// Its texts live in the machines catalog, not in `/`'s first load.
const NotFound = lazyOnce(withTexts('machines', () => import('./screens/not-found.tsx')));

function Loading() {
  const { i18n } = useLingui();
  return (
    <main className="vendo-page vendo-page--center">
      <Spinner label={i18n._(msg`Loading…`)} />
    </main>
  );
}

/** The first screen of a visit keeps the browser's own focus; later ones take it. */
let firstScreen = true;

/** Mounted beside the screen (once per address), so it runs once the screen has rendered. */
function ScreenAnnouncer() {
  useEffect(() => {
    const moveFocus = !firstScreen;
    firstScreen = false;
    // Loaded beside the screen, not with the app's first paint, which it never changes.
    let stop = () => {};
    let gone = false;
    void import('./shell/screen-heading.ts').then(({ announceScreen }) => {
      if (!gone) stop = announceScreen(moveFocus);
    });
    return () => {
      gone = true;
      stop();
    };
  }, []);
  return null;
}

/** The route table of spec §2: exact matches, in one place, every route behind the common guard. */
export function Routes() {
  const [location] = useLocation();
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        {(Object.keys(paths) as PathName[]).map((name) => {
          const Screen = screenOf(name) ?? NotFound;
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
