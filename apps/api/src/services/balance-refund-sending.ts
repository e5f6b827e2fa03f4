import type { BalanceRefundRefusal, SpeiTransferNotice, SpeiTransferOutcome } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import type { Logger } from '../log.ts';
import type { CardProvider } from '../sim/card-provider.ts';
import { sendSpeiTransfer } from '../sim/card-refunds.ts';
import { book } from './ledger.ts';

export interface SendingDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly cardProvider: Pick<CardProvider, 'refund'>;
  readonly log?: Logger;
}

type Part = { id: number; balance_refund_id: number; amount_cents: string | number; status: string };

/** A SPEI part's clave de rastreo: derived from the part, so sending it again names the same transfer. */
export const trackingKeyOf = (partId: number) => `VENDOBR${String(partId).padStart(12, '0')}`;

type Share = {
  top_up_id: number | null;
  amount_cents: string | number;
  kept_cents: string | number;
  bonus_cents: string | number;
  lot_id: number | null;
};

/**
 * Gives a share's held money back to the member's own balance (what was to go out and what was kept for bonus
 * already spent) and its withdrawn bonus back to its lot, in the caller's transaction, each once by `reference`.
 */
async function giveShareBack(
  tx: Db,
  refund: { member_id: number; currency: string },
  share: Share,
  reference: string,
  now: Date,
) {
  const cents = Number(share.amount_cents) + Number(share.kept_cents);
  if (cents > 0) {
    await book(tx, {
      memberId: refund.member_id,
      cents,
      kind: 'balance_refund_back',
      reference,
      currency: refund.currency,
      at: now,
    });
  }
  if (Number(share.bonus_cents) > 0 && share.lot_id !== null) {
    await book(tx, {
      memberId: refund.member_id,
      cents: Number(share.bonus_cents),
      kind: 'bonus_restored',
      pocket: 'bonus',
      lotId: share.lot_id,
      reference,
      currency: refund.currency,
      at: now,
    });
  }
}

/** What a refund says it kept for bonus already spent, less the shares that came back. */
async function keptNoMore(tx: Db, refundId: number, shares: readonly Share[]) {
  const kept = shares.reduce((sum, share) => sum + Number(share.kept_cents), 0);
  if (kept <= 0) return;
  await tx
    .updateTable('balance_refunds')
    .set((eb) => ({ bonus_kept_cents: eb('bonus_kept_cents', '-', kept) as never }))
    .where('id', '=', refundId)
    .execute();
}

const sharesOf = (db: Db, partId: number) =>
  db
    .selectFrom('balance_refund_shares')
    .select(['top_up_id', 'amount_cents', 'kept_cents', 'bonus_cents', 'lot_id'])
    .where('part_id', '=', partId)
    .execute();

/**
 * Gives a refused part's money back to the member's balance, once: the part leaves `from` in the same
 * transaction, and only the transaction that moved it books (balance_refund_back and bonus_restored, unique by
 * reference).
 */
async function refusePart(db: Db, part: Part, from: 'requested' | 'sent', refusal: BalanceRefundRefusal, now: Date) {
  await db.transaction().execute(async (tx) => {
    const moved = await tx
      .updateTable('balance_refund_parts')
      .set({ status: 'refused', refusal })
      .where('id', '=', part.id)
      .where('status', '=', from)
      .returning('id')
      .executeTakeFirst();
    if (!moved) return;
    const refund = await tx
      .selectFrom('balance_refunds')
      .select(['member_id', 'currency'])
      .where('id', '=', part.balance_refund_id)
      .executeTakeFirstOrThrow();
    const shares = await sharesOf(tx, part.id);
    for (const share of shares) {
      await giveShareBack(tx, refund, share, `part:${part.id}:${share.top_up_id ?? 'other'}`, now);
    }
    await keptNoMore(tx, part.balance_refund_id, shares);
  });
}

/**
 * A card part: each top-up's share refunded against its charge (the provider keeps each refund id once). A share
 * declined comes back to the balance at once and leaves the part; a part none of whose shares was paid is refused.
 * The emulated provider's acceptance is final, so a card part is done when it is paid (a real card shows the money
 * some days later; nothing more is heard of it).
 */
async function sendCardPart(deps: SendingDeps, part: Part, now: Date) {
  const { db } = deps;
  const shares = await db
    .selectFrom('balance_refund_shares as s')
    .leftJoin('top_ups as t', 't.id', 's.top_up_id')
    .select(['s.top_up_id', 's.amount_cents', 's.kept_cents', 's.bonus_cents', 's.lot_id', 't.order_id'])
    .where('s.part_id', '=', part.id)
    .where('s.amount_cents', '>', 0)
    .execute();
  const answers = [];
  for (const share of shares) {
    const answer = share.order_id
      ? await deps.cardProvider.refund(
          share.order_id,
          Number(share.amount_cents),
          `bref_${part.id}_${share.top_up_id}`,
          now,
        )
      : 'charge_not_found';
    answers.push({ share, answer });
  }
  const declined = answers.filter(({ answer }) => answer !== 'refunded');
  if (declined.length === answers.length) {
    const windowPassed = declined.some(({ answer }) => answer === 'refund_window_passed');
    return refusePart(db, part, 'requested', windowPassed ? 'refund_window_passed' : 'card_refund_declined', now);
  }
  await db.transaction().execute(async (tx) => {
    const open = await tx
      .selectFrom('balance_refund_parts')
      .select('status')
      .where('id', '=', part.id)
      .forUpdate()
      .executeTakeFirst();
    if (open?.status !== 'requested') return;
    const refund = await tx
      .selectFrom('balance_refunds')
      .select(['member_id', 'currency'])
      .where('id', '=', part.balance_refund_id)
      .executeTakeFirstOrThrow();
    let back = 0;
    for (const { share } of declined) {
      back += Number(share.amount_cents);
      await tx
        .deleteFrom('balance_refund_shares')
        .where('part_id', '=', part.id)
        .where('top_up_id', '=', share.top_up_id)
        .execute();
      await giveShareBack(tx, refund, share, `share:${part.id}:${share.top_up_id}`, now);
    }
    await keptNoMore(
      tx,
      part.balance_refund_id,
      declined.map(({ share }) => share),
    );
    // The refund now gives back what reached the cards (the month's cap counts that) and says why not the rest.
    const returned = declined.reduce(
      (sum, { share }) => sum + Number(share.amount_cents) + Number(share.kept_cents),
      0,
    );
    const windowPassed = declined.some(({ answer }) => answer === 'refund_window_passed');
    await tx
      .updateTable('balance_refunds')
      .set((eb) => ({
        amount_cents: eb('amount_cents', '-', returned) as never,
        refusal: eb.fn.coalesce('refusal', eb.val(windowPassed ? 'refund_window_passed' : 'card_refund_declined')),
      }))
      .where('id', '=', part.balance_refund_id)
      .execute();
    await tx
      .updateTable('balance_refund_parts')
      .set((eb) => ({ status: 'done', amount_cents: eb('amount_cents', '-', back) as never }))
      .where('id', '=', part.id)
      .execute();
  });
}

/** A SPEI part: an outgoing transfer by its tracking key; sent once the bank accepts it, done when it confirms. */
async function sendSpeiPart(deps: SendingDeps, part: Part & { clabe: string | null; holder: string | null }) {
  const trackingKey = trackingKeyOf(part.id);
  await sendSpeiTransfer(deps.db, {
    trackingKey,
    clabe: part.clabe ?? '',
    holder: part.holder ?? '',
    amountCents: Number(part.amount_cents),
  });
  await deps.db
    .updateTable('balance_refund_parts')
    .set({ status: 'sent', tracking_key: trackingKey })
    .where('id', '=', part.id)
    .where('status', '=', 'requested')
    .execute();
}

/**
 * A refund's state from its parts: still requested while a part is; refused when every part was; done when every
 * part paid is confirmed; sent otherwise. `refusal` names the first refused part's reason, also when other parts
 * were paid (the parts say which).
 */
export async function settleRefundStatus(db: Db, refundId: number, now: Date) {
  await db.transaction().execute(async (tx) => {
    const refund = await tx
      .selectFrom('balance_refunds')
      .select(['status', 'sent_at', 'refusal'])
      .where('id', '=', refundId)
      .forUpdate()
      .executeTakeFirst();
    if (!refund) return;
    const parts = await tx
      .selectFrom('balance_refund_parts')
      .select(['status', 'refusal'])
      .where('balance_refund_id', '=', refundId)
      .orderBy('position')
      .execute();
    if (parts.some((part) => part.status === 'requested')) return;
    const refused = parts.filter((part) => part.status === 'refused');
    const paid = parts.filter((part) => part.status !== 'refused');
    const status = paid.length === 0 ? 'refused' : paid.every((part) => part.status === 'done') ? 'done' : 'sent';
    if (status === refund.status) return;
    await tx
      .updateTable('balance_refunds')
      .set({
        status,
        // A card's share declined inside a part that was paid named its reason already (sendCardPart).
        refusal: refused[0]?.refusal ?? refund.refusal ?? null,
        sent_at: refund.sent_at ?? now,
        done_at: status === 'done' ? now : null,
      })
      .where('id', '=', refundId)
      .execute();
  });
}

/**
 * The job of a balance refund: sends each part still requested, then settles the refund's state. Safe to run again
 * after a crash at any step: the provider keeps each refund id once and the bank each tracking key once, and a
 * part's money comes back only with the move that refused it.
 */
export async function sendBalanceRefund(deps: SendingDeps, refundId: number): Promise<void> {
  const now = deps.clock.now();
  const parts = await deps.db
    .selectFrom('balance_refund_parts')
    .select(['id', 'balance_refund_id', 'way', 'amount_cents', 'status', 'clabe', 'holder'])
    .where('balance_refund_id', '=', refundId)
    .where('status', '=', 'requested')
    .orderBy('position')
    .execute();
  for (const part of parts) {
    if (part.way === 'card') await sendCardPart(deps, part, now);
    else await sendSpeiPart(deps, part);
  }
  await settleRefundStatus(deps.db, refundId, now);
}

/**
 * Issue 37 point 4: the bank's word on an outgoing transfer, by its tracking key: `settled` completes the SPEI part
 * that sent it, `returned` refuses it (`clabe_rejected`) and gives its money back, once. A notice for a part already
 * settled or returned changes nothing and answers what it became; one for a key no part has is ignored.
 */
export async function receiveSpeiTransferNotice(
  deps: Pick<SendingDeps, 'db' | 'clock'>,
  notice: SpeiTransferNotice,
): Promise<{ outcome: SpeiTransferOutcome; repeat: boolean }> {
  const { db } = deps;
  const part = await db
    .selectFrom('balance_refund_parts')
    .select(['id', 'balance_refund_id', 'amount_cents', 'status'])
    .where('way', '=', 'spei')
    .where('tracking_key', '=', notice.tracking_key)
    .executeTakeFirst();
  if (!part) return { outcome: { status: 'ignored', tracking_key: notice.tracking_key }, repeat: false };
  const now = deps.clock.now();
  if (part.status === 'sent') {
    if (notice.status === 'returned') await refusePart(db, part, 'sent', 'clabe_rejected', now);
    else {
      await db
        .updateTable('balance_refund_parts')
        .set({ status: 'done' })
        .where('id', '=', part.id)
        .where('status', '=', 'sent')
        .execute();
    }
    await settleRefundStatus(db, part.balance_refund_id, now);
  }
  const after = await db
    .selectFrom('balance_refund_parts')
    .select('status')
    .where('id', '=', part.id)
    .executeTakeFirstOrThrow();
  const status = after.status === 'refused' ? 'returned' : after.status === 'done' ? 'settled' : notice.status;
  return { outcome: { status, tracking_key: notice.tracking_key }, repeat: part.status !== 'sent' };
}

/** Refunds a stopped process left requested: their jobs armed again at a start (keyed, so never twice). */
export async function openBalanceRefunds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('balance_refunds').select('id').where('status', '=', 'requested').execute();
  return rows.map((row) => row.id);
}
