import { SaleType } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';

/**
 * Issue 35 point 1: what an emulated machine holds of each product. `products.stock` counts the units no
 * deal has reserved (null where the machine does not count them): a deal for a sale or a sample reserves
 * one as it is made, its delivery takes it, and any other end gives it back. A service takes none.
 */

type Writer = Pick<Db, 'updateTable'>;

/** Whether a deal of that sale type for a product with that stock holds one of its units. */
export const takesUnit = (saleType: number, stock: number | null) => stock !== null && saleType !== SaleType.service;

/**
 * Reserves one unit, or answers false when none is left. One statement, so members buying the last units at
 * the same moment queue on the product's row and each sees the count the one before left.
 */
export async function reserveUnit(db: Writer, productId: number): Promise<boolean> {
  const reserved = await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', productId)
    .where('stock', '>', 0)
    .executeTakeFirst();
  return reserved.numUpdatedRows > 0n;
}

/** Gives back the unit a deal reserved and the machine did not deliver. */
export async function releaseUnit(db: Writer, productId: number): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', 1) }))
    .where('id', '=', productId)
    .where('stock', 'is not', null)
    .execute();
}

/**
 * A unit the machine vended that no deal reserved (a keypad buy names its product only once the machine says
 * what it gave): taken, never below none, since the machine's own count is what it could vend.
 */
export async function takeVendedUnit(db: Writer, productId: number): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ stock: eb.fn('greatest', [eb('stock', '-', 1), eb.lit(0)]) }))
    .where('id', '=', productId)
    .where('stock', 'is not', null)
    .execute();
}

/** Dev control: sets what a machine holds of its counted products (all, or those with that user code). */
export async function setStock(db: Writer, machineId: number, stock: number, userCode?: string): Promise<number> {
  let update = db.updateTable('products').set({ stock }).where('machine_id', '=', machineId);
  update = userCode === undefined ? update.where('stock', 'is not', null) : update.where('user_code', '=', userCode);
  const { numUpdatedRows } = await update.where('serviceable', '=', false).executeTakeFirst();
  return Number(numUpdatedRows);
}
