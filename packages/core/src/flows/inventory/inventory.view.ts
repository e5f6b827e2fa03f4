import type { SnapshotFrom } from 'xstate';
import type { ProductServer } from '../../contract/index.ts';
import { inventoryTabs } from '../../rules/insert-coin.ts';
import { groupByCategory, imageBanners } from '../../rules/inventory.ts';
import type { InventoryMachine } from './inventory.machine.ts';

/** What the inventory screen shows: banners, groups, tabs, and where loading stands. */
export function inventoryView(snapshot: SnapshotFrom<InventoryMachine>, machine: ProductServer) {
  const { context } = snapshot;
  return {
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    error: context.error,
    groups: groupByCategory(context.items),
    empty: snapshot.matches('ready') && context.items.length === 0,
    banners: imageBanners(machine.banners),
    tabs: inventoryTabs(machine),
    tab: inventoryTabs(machine).includes(context.tab) ? context.tab : 0,
    offline: machine.status === 'offline',
    paymentProducts: context.paymentProducts,
    /** Only the first screen's products are here: `more.wanted` reads the rest. */
    moreToRead: snapshot.matches({ ready: { products: 'firstScreen' } }),
    /** The first screen's products are shown and the rest are on their way. */
    moreLoading: snapshot.matches({ ready: { products: 'completing' } }),
    /** The first screen's products are shown and the rest could not be read: `retry` reads them again. */
    moreFailed: snapshot.matches({ ready: { products: 'incomplete' } }),
    needsLogin: snapshot.matches({ ready: { payWithCard: 'needsLogin' } }),
    paymentProductsLoading: snapshot.matches({ ready: { payWithCard: 'loadingPaymentProducts' } }),
  };
}

export type InventoryView = ReturnType<typeof inventoryView>;
