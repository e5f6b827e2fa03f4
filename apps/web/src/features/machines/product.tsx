import { useLingui } from '@lingui/react/macro';
import { formatMoney, isSoldOut, type ProductServer, productActors, productMachine, productView } from '@vendo/core';
import { BackIcon, HeaderButton, LoadState, loadStatus, Price } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { Redirect, useLocation, useParams } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { useBuy } from '../purchase/index.ts';
import { BuyOptions } from './buy-options.tsx';
import { BuyPrompts } from './buy-prompts.tsx';
import { loadErrorMessages } from './machine-messages.ts';
import { RestockAsk } from './restock-ask.tsx';

/** Spec §2 `/product/:productId`: name, photo, description, nutritional image, buy button. */
export default function Product() {
  const session = useSession();
  const { productId = '' } = useParams<{ productId: string }>();
  const id = Number(productId);
  if (session.machineLoading) return null;
  // With no machine (so no product of it) to show, back to the inventory.
  if (!session.machine || !Number.isInteger(id) || id <= 0) return <Redirect to={href('machineInventory')} replace />;
  return <Detail key={`${session.machine.id}-${id}`} machine={session.machine} productId={id} />;
}

function Detail({ machine, productId }: { machine: ProductServer; productId: number }) {
  const { api } = usePlatform();
  const session = useSession();
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const buy = useBuy(machine);
  const flow = useFlow(productMachine, productActors({ api }), { machineId: machine.id, productId });
  const state = useSelector(flow, productView);
  const money = (amount: number) => formatMoney(amount, currentLocale(), machine.country.currency_iso);
  const { product, price } = state;
  return (
    <>
      <AppHeader
        left={
          <HeaderButton
            label={t`Back to the inventory`}
            icon={<BackIcon />}
            onClick={() => navigate(href('machineInventory'))}
          />
        }
      />
      <main className="vendo-page">
        <LoadState
          status={loadStatus({ loading: state.loading, failed: state.error !== null })}
          loadingLabel={t`Loading the product…`}
          loadingClassName="vendo-page--center"
          failure={
            state.error === 'missing'
              ? {
                  title: t`This machine does not have that product`,
                  action: { label: t`Back to the inventory`, onSelect: () => navigate(href('machineInventory')) },
                }
              : {
                  title: t`The product could not be loaded`,
                  description: state.error ? i18n._(loadErrorMessages[state.error]) : undefined,
                  action: { label: t`Try again`, onSelect: () => flow.send({ type: 'product.retried' }) },
                }
          }
        >
          {product && price ? (
            <article className="vendo-form">
              <h1>{product.name}</h1>
              {product.photo_url ? (
                <img className="vendo-product__photo" src={product.photo_url} alt="" width={320} height={320} />
              ) : null}
              <p>
                <Price
                  price={money(price.price)}
                  samplePrice={price.samplePrice === null ? null : money(price.samplePrice)}
                  freeLabel={price.free ? t`Free` : null}
                  regularPriceLabel={t`Regular price`}
                />
              </p>
              {product.description ? <p>{product.description}</p> : null}
              {product.nutritional_information_image_url ? (
                <figure>
                  <img
                    className="vendo-product__photo"
                    src={product.nutritional_information_image_url}
                    alt={t`Nutrition facts of ${product.name}`}
                    width={320}
                    height={320}
                    loading="lazy"
                  />
                </figure>
              ) : null}
              <BuyOptions
                memberId={session.member?.id ?? null}
                machineId={machine.id}
                product={product}
                currency={machine.country.currency_iso}
                buy={buy}
                money={money}
              />
              {/* A provider without restock alerts answers no `restock_alerts`: nothing is offered. */}
              {isSoldOut(product) && session.member?.restock_alerts ? (
                <RestockAsk member={session.member} machineId={machine.id} product={product} />
              ) : null}
              <BuyPrompts flow={buy.flow} view={buy.view} currency={machine.country.currency_iso} />
            </article>
          ) : null}
        </LoadState>
      </main>
    </>
  );
}
