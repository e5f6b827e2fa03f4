import { Trans, useLingui } from '@lingui/react/macro';
import {
  forgetTopUpReturn,
  formatMoney,
  type InventoryTab,
  inventoryActors,
  inventoryMachine,
  inventoryView,
  isBackFromTopUp,
  isSoldOut,
  type ProductServer,
  priceDisplay,
  topUpReturnId,
  truncateName,
  UNCATEGORISED_KEY,
} from '@vendo/core';
import {
  BannerStrip,
  Button,
  ErrorState,
  LoadState,
  loadStatus,
  Modal,
  Notice,
  ProductCard,
  ProductCatalogue,
  Spinner,
  Tabs,
} from '@vendo/ui';

import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Redirect, useLocation, useParams, useSearch } from 'wouter';
import { ReceiptLink } from '../../lib/frame/receipt-link.tsx';
import { useHydrated } from '../../lib/hydration.ts';
import { appLocaleOf } from '../../lib/i18n/i18n.ts';
import { FIRST_SCREEN_PRODUCTS } from '../../lib/machine-page.ts';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { machineOfAddress } from './machine-address.ts';
import { MachineByName } from './machine-by-name.tsx';
import { MachineHeader } from './machine-header.tsx';
import { loadErrorMessages } from './machine-messages.ts';
import { SupportLink } from './support-link.tsx';

/** The cards of a large phone's first screen: their photos load at once, one of them is the largest paint. */
const PRIORITY_CARDS = 4;

const loadKeypadTab = () => import('./keypad-tab.tsx');
let keypadTabLoaded: typeof import('./keypad-tab.tsx').default | null = null;
const LazyKeypadTab = lazy(loadKeypadTab);

/**
 * The tabs' addresses (issue 31): a tab is a link, so on a server-drawn page it switches before the app has
 * taken the page over (the server draws the page again on the tab named); then the app switches in place.
 */
const tabSearch = { 0: '?tab=products', 1: '?tab=coins' } as const;
const tabOfSearch = (search: string): InventoryTab => (new URLSearchParams(search).get('tab') === 'coins' ? 1 : 0);

/**
 * A page drawn on the coins tab: the tab's code arrives before the app takes the page over. A lazy tab would
 * still be loading when the app's first update (the move to `/machine-inventory`) reaches it, and React would
 * draw the server's keypad again from scratch, under the member's finger.
 */
export async function preload(search: string) {
  if (tabOfSearch(search) === 1) keypadTabLoaded = (await loadKeypadTab()).default;
}

/** Members only: visitors (and the first paint) never load the prompts' code. */
const MemberPrompts = lazy(() => import('./member-prompts.tsx'));
// Issue 36 point 3: members only, and most machines have no programs: loaded when wanted.
const RewardsPanel = lazy(() => import('./rewards-panel.tsx'));

/**
 * Spec §2 `/machine-inventory`, `/machine-inventory/:balanceRecharged` and `/:vendingMachineName`, which
 * shows its machine's inventory here once that machine is the chosen one. The server may have drawn it
 * with the machine already chosen (issue 19): then the inventory is there from the first paint, and moving
 * to `/machine-inventory` keeps it mounted (the two routes are one screen group).
 */
export default function MachineInventory() {
  const { vendingMachineName } = useParams<{ vendingMachineName?: string }>();
  const session = useSession();
  const [, navigate] = useLocation();
  const { t } = useLingui();
  const byName = vendingMachineName === undefined ? null : machineOfAddress(vendingMachineName);
  const openedByName = byName?.ok === true && session.machine?.name === byName.name;
  // A layout effect: it runs in the commit that took the page over, before React hands on a tap that came
  // meanwhile. As a passive effect it could run after that tap's navigation to a product and replace it.
  useLayoutEffect(() => {
    if (openedByName) navigate(href('machineInventory'), { replace: true });
  }, [openedByName, navigate]);
  if (byName && !openedByName) return <MachineByName name={byName} />;
  if (session.machineLoading) {
    return (
      <main className="vendo-page vendo-page--center">
        <Spinner label={t`Loading…`} />
      </main>
    );
  }
  if (!session.machine) return <Redirect to={href('machineSelection')} replace />;
  return <Inventory key={session.machine.id} machine={session.machine} />;
}

function Inventory({ machine }: { machine: ProductServer }) {
  const { api, storage, machinePage } = usePlatform();
  const { t, i18n } = useLingui();
  const { balanceRecharged } = useParams<{ balanceRecharged?: string }>();
  const [, navigate] = useLocation();
  // Issue 15 point 9: the modal is for a checkout this browser left for, once; any other arrival at
  // this address (typed, reloaded, shared) is the plain inventory.
  const [backFromTopUp] = useState(() => Boolean(balanceRecharged) && isBackFromTopUp(storage));
  // Issue 35 point 3: the top-up it paid, where the provider named it, for its receipt.
  const [paidTopUp] = useState(() => (balanceRecharged ? topUpReturnId(storage) : null));
  useEffect(() => {
    if (!balanceRecharged) return;
    forgetTopUpReturn(storage);
    if (!backFromTopUp) navigate(href('machineInventory'), { replace: true });
  }, [balanceRecharged, backFromTopUp, storage, navigate]);
  const session = useSession();
  const sessionRef = Session.useActorRef();
  // The products the server drew this screen with, while the browser takes it over; read afresh on any later visit.
  const hydrating = !useHydrated();
  const given = hydrating && machinePage?.machine.id === machine.id ? machinePage : null;
  const search = useSearch();
  const flow = useFlow(inventoryMachine, inventoryActors({ api }), {
    machineId: machine.id,
    items: given?.items,
    itemsComplete: given?.complete,
    tab: tabOfSearch(search),
  });
  const view = useSelector(flow, (snapshot) => inventoryView(snapshot, machine));
  // Chosen once: a component that changed between renders (the preload arriving after the first) would
  // mount the tab again, its keypad session and buy with it.
  const [KeypadTab] = useState(() => keypadTabLoaded ?? LazyKeypadTab);
  const locale = appLocaleOf(i18n.locale);
  const currency = machine.country.currency_iso;
  const money = useCallback((amount: number) => formatMoney(amount, locale, currency), [locale, currency]);
  // The balance is in its own currency, which may not be the machine's (issue 32 point 5).
  const balanceNow = () => (session.balance === null ? '' : formatMoney(session.balance, locale, session.currency));

  // Built once per product list: the catalogue then adds them a piece at a time without rendering
  // the cards already painted again.
  const groups = useMemo(() => {
    let position = 0;
    return view.groups.map((group) => {
      const title =
        group.key === UNCATEGORISED_KEY
          ? t({ message: 'Other', context: 'product category' })
          : (group.displayName ?? group.name);
      const items = group.items.map((item) => {
        const price = priceDisplay(item);
        return {
          key: String(item.id),
          node: (
            <ProductCard
              name={truncateName(item.name)}
              photoUrl={item.thumbnail_url ?? item.photo_url}
              price={money(price.price)}
              samplePrice={price.samplePrice === null ? null : money(price.samplePrice)}
              regularPriceLabel={t`Regular price`}
              freeLabel={price.free ? t`Free` : null}
              soldOutLabel={isSoldOut(item) ? t`Sold out` : null}
              href={href('product', { productId: item.id })}
              onOpen={navigate}
              priority={position++ < PRIORITY_CARDS}
            />
          ),
        };
      });
      return { key: group.key, title, items };
    });
  }, [view.groups, t, money, navigate]);

  // The member nears the end of the first screen's products the server drew: the rest are read then.
  const wantMore = useCallback(() => flow.send({ type: 'more.wanted' }), [flow]);

  const products = (
    <LoadState
      status={loadStatus({ loading: view.loading, failed: view.failed })}
      loadingLabel={t`Loading the products…`}
      loadingClassName="vendo-page--center"
      failure={{
        title: t`The products could not be loaded`,
        description: view.error ? i18n._(loadErrorMessages[view.error]) : undefined,
        action: { label: t`Try again`, onSelect: () => flow.send({ type: 'products.retried' }) },
      }}
    >
      <ProductCatalogue
        groups={groups}
        first={FIRST_SCREEN_PRODUCTS}
        onEndNear={view.moreToRead ? wantMore : undefined}
      />
      {view.moreLoading && (
        <div className="vendo-state">
          <Spinner label={t`Loading the products…`} />
        </div>
      )}
      {view.moreFailed && (
        <ErrorState
          title={t`The other products could not be loaded`}
          description={view.error ? i18n._(loadErrorMessages[view.error]) : undefined}
          action={<Button onClick={() => flow.send({ type: 'products.retried' })}>{t`Try again`}</Button>}
        />
      )}
    </LoadState>
  );

  return (
    <>
      <MachineHeader />
      <main className="vendo-page vendo-page--wide">
        <h1 className="vendo-visually-hidden">
          <Trans>Machine inventory</Trans>
        </h1>
        {/* Above what loads later, so it never moves (no layout shift). */}
        {!session.signedIn && <SupportLink />}
        {view.offline ? (
          <Notice tone="warning">
            <Trans>This machine is offline right now. You can look, but it cannot deliver until it is back.</Trans>
          </Notice>
        ) : null}
        <BannerStrip
          label={t`Promotions`}
          banners={view.banners.map((banner) => ({ id: String(banner.id), url: banner.url, alt: t`Promotion` }))}
        />
        {session.member ? (
          <Suspense fallback={null}>
            <RewardsPanel memberId={session.member.id} machineId={machine.id} currency={currency} />
          </Suspense>
        ) : null}
        {view.tabs.length > 1 ? (
          <Tabs
            label={t`What to do`}
            tabs={[
              { id: '0', label: t`Products`, href: tabSearch[0] },
              { id: '1', label: t`Insert coins`, href: tabSearch[1] },
            ]}
            selected={String(view.tab)}
            onSelect={(id) => flow.send({ type: 'tab.selected', tab: id === '1' ? 1 : 0 })}
          >
            {view.tab === 1 ? (
              <Suspense fallback={<Spinner label={t`Loading…`} />}>
                <KeypadTab machine={machine} inventory={flow} />
              </Suspense>
            ) : (
              products
            )}
          </Tabs>
        ) : (
          products
        )}
      </main>
      {session.member && !(backFromTopUp && balanceRecharged) && (
        <Suspense fallback={null}>
          <MemberPrompts memberId={session.member.id} />
        </Suspense>
      )}
      <Modal
        open={backFromTopUp && Boolean(balanceRecharged) && session.signedIn}
        title={t`Balance recharged`}
        closeLabel={t`Close`}
        onClose={() => {
          sessionRef.send({ type: 'member.refresh' });
          navigate(href('machineInventory'), { replace: true });
        }}
      >
        <p>
          <Trans>Your payment went through. Your balance is now {balanceNow()}.</Trans>
        </p>
        {session.member && paidTopUp !== null ? (
          <ReceiptLink memberId={session.member.id} kind="top_up" id={paidTopUp} label={t`See the receipt`} />
        ) : null}
      </Modal>
    </>
  );
}
