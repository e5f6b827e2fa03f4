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
    needsLogin: snapshot.matches({ ready: 'needsLogin' }),
    paymentProductsLoading: snapshot.matches({ ready: 'loadingPaymentProducts' }),
  };
}

export type InventoryView = ReturnType<typeof inventoryView>;
