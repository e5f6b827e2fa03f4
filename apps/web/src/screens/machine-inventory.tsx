import { Trans, useLingui } from '@lingui/react/macro';
import {
  formatMoney,
  type InventoryGroup,
  inventoryActors,
  inventoryMachine,
  inventoryView,
  type ProductServer,
  priceDisplay,
  truncateName,
  UNCATEGORISED_KEY,
} from '@vendo/core';
import {
  BannerStrip,
  Button,
  CategorySection,
  ErrorState,
  Modal,
  Notice,
  ProductCard,
  ProductGrid,
  Spinner,
  Tabs,
} from '@vendo/ui';

import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
import { Session, useSession } from '../flows/session.tsx';
import { currentLocale } from '../i18n/i18n.ts';
import { loadErrorMessages } from '../i18n/machine-messages.ts';
import { href } from '../paths.ts';
import { usePlatform } from '../platform/platform.tsx';
import { MachineHeader } from '../shell/machine-header.tsx';
import { SupportLink } from '../shell/support-link.tsx';

const KeypadTab = lazy(() => import('../shell/keypad-tab.tsx'));
/** Members only: visitors (and the first paint) never load the prompts' code. */
const MemberPrompts = lazy(() => import('../shell/member-prompts.tsx'));

/** Spec §2 `/machine-inventory` and `/machine-inventory/:balanceRecharged`. */
export default function MachineInventory() {
  const session = useSession();
  const { t } = useLingui();
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
  const { api } = usePlatform();
  const { t, i18n } = useLingui();
  const { balanceRecharged } = useParams<{ balanceRecharged?: string }>();
  const [, navigate] = useLocation();
  const session = useSession();
  const sessionRef = Session.useActorRef();
  const logic = useMemo(() => inventoryMachine.provide({ actors: inventoryActors({ api }) }), [api]);
  const flow = useActorRef(logic, { input: { machineId: machine.id } });
  const view = useSelector(flow, (snapshot) => inventoryView(snapshot, machine));
  const locale = currentLocale();
  const money = (amount: number) => formatMoney(amount, locale, machine.country.currency_iso);

  // The first groups paint at once; the rest render in the background, in slices the browser can interrupt.
  const groups = useDeferredValue(view.groups, view.groups.slice(0, 2));

  const groupTitle = (group: InventoryGroup) =>
    group.key === UNCATEGORISED_KEY ? t`Other` : (group.displayName ?? group.name);

  const products = view.loading ? (
    <div className="vendo-page--center">
      <Spinner label={t`Loading the products…`} />
    </div>
  ) : view.failed ? (
    <ErrorState
      title={t`The products could not be loaded`}
      description={view.error ? i18n._(loadErrorMessages[view.error]) : undefined}
      action={
        <Button onClick={() => flow.send({ type: 'retry' })}>
          <Trans>Try again</Trans>
        </Button>
      }
    />
  ) : (
    groups.map((group) => (
      <CategorySection key={group.key} title={groupTitle(group)}>
        <ProductGrid
          label={groupTitle(group)}
          items={group.items.map((item) => {
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
                  href={href('product', { productId: item.id })}
                  onOpen={navigate}
                />
              ),
            };
          })}
        />
      </CategorySection>
    ))
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
        {view.tabs.length > 1 ? (
          <Tabs
            label={t`What to do`}
            tabs={[
              { id: '0', label: t`Products` },
              { id: '1', label: t`Insert coins` },
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
      {session.member && !balanceRecharged && (
        <Suspense fallback={null}>
          <MemberPrompts memberId={session.member.id} />
        </Suspense>
      )}
      <Modal
        open={Boolean(balanceRecharged) && session.signedIn}
        title={t`Balance recharged`}
        closeLabel={t`Close`}
        onClose={() => {
          sessionRef.send({ type: 'member.refresh' });
          navigate(href('machineInventory'), { replace: true });
        }}
      >
        <p>
          <Trans>
            Your payment went through. Your balance is now {session.balance === null ? '' : money(session.balance)}.
          </Trans>
        </p>
      </Modal>
    </>
  );
}
