import type { RestockAlert } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';

/**
 * Issue 35 point 2: "Avísame cuando haya". A member asks to be told when a sold-out product is back; the
 * member answer lists their alerts, each saying whether the product is back, so the app tells them the
 * next time it reads the member, whatever the screen. An alert ends when they cancel it or dismiss the
 * news, or after `restockAlertRules.days`.
 */
export const restockAlertRules = {
  days: 30,
  /** Alerts one member keeps at once: each is a row and a line in every read of the member. */
  perMember: 20,
} as const;

function alertQuery(db: Db, memberId: number, now: Date) {
  return db
    .selectFrom('restock_alerts')
    .innerJoin('products', 'products.id', 'restock_alerts.product_id')
    .innerJoin('machines', 'machines.id', 'products.machine_id')
    .select([
      'restock_alerts.id',
      'restock_alerts.expires_at',
      'products.id as product_id',
      'products.name as product_name',
      'products.stock',
      'machines.id as machine_id',
      'machines.name as machine_name',
    ])
    .where('restock_alerts.member_id', '=', memberId)
    .where('restock_alerts.expires_at', '>', now);
}

type AlertRow = Awaited<ReturnType<ReturnType<typeof alertQuery>['execute']>>[number];

const alertView = (row: AlertRow): RestockAlert => ({
  id: row.id,
  product_id: row.product_id,
  product_name: row.product_name,
  product_server_id: row.machine_id,
  product_server_name: row.machine_name,
  back: row.stock === null || row.stock > 0,
  expires_at: row.expires_at.toISOString(),
});

/** The member's alerts still running, oldest first. */
export async function restockAlertsOf(db: Db, clock: Clock, memberId: number): Promise<RestockAlert[]> {
  const rows = await alertQuery(db, memberId, clock.now()).orderBy('restock_alerts.id', 'asc').execute();
  return rows.map(alertView);
}

/**
 * Asks for an alert on a machine's product; asking again for the same product keeps the one there is (its 30
 * days start again). At most restockAlertRules.perMember at once, however many arrive at the same moment:
 * the count is read under a lock on the member's row.
 */
export async function addRestockAlert(
  db: Db,
  clock: Clock,
  memberId: number,
  target: { machineId: number; productId: number },
): Promise<RestockAlert> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + restockAlertRules.days * 86_400_000);
  const id = await db.transaction().execute(async (tx) => {
    await tx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().executeTakeFirstOrThrow();
    const product = await tx
      .selectFrom('products')
      .select('id')
      .where('id', '=', target.productId)
      .where('machine_id', '=', target.machineId)
      .executeTakeFirst();
    if (!product) throw refuse('not_found');
    const kept = await tx
      .selectFrom('restock_alerts')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_id', '=', memberId)
      .where('expires_at', '>', now)
      .where('product_id', '!=', product.id)
      .executeTakeFirstOrThrow();
    if (Number(kept.count) >= restockAlertRules.perMember) {
      throw refuse('restock_alert_limit_reached', { maximum: restockAlertRules.perMember });
    }
    const row = await tx
      .insertInto('restock_alerts')
      .values({ member_id: memberId, product_id: product.id, created_at: now, expires_at: expiresAt })
      .onConflict((oc) =>
        oc.columns(['member_id', 'product_id']).doUpdateSet({ created_at: now, expires_at: expiresAt }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const alert = (await alertQuery(db, memberId, now).where('restock_alerts.id', '=', id).execute())[0];
  if (!alert) throw refuse('not_found');
  return alertView(alert);
}

/** Ends one of the member's alerts: cancelled, or its news seen. Another member's is not found. */
export async function removeRestockAlert(db: Db, memberId: number, alertId: number): Promise<void> {
  const removed = await db
    .deleteFrom('restock_alerts')
    .where('id', '=', alertId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw refuse('not_found');
}
