import { type AmountCheck, checkAmount, isCvv } from '../../rules/top-up.ts';
import type { TopUpContext, TopUpRequest } from './top-up.types.ts';

/** The amount the member chose: a preset, or the checked text of "other". */
export function amountOf(context: Pick<TopUpContext, 'preset' | 'otherText' | 'limits'>): AmountCheck {
  if (context.preset !== 'other') return { ok: true, amount: context.preset };
  return checkAmount(context.otherText, context.limits);
}

/** Spec §4: paying with a saved card needs one chosen and its CVV. */
export const cvvMissing = (context: Pick<TopUpContext, 'mode' | 'cvv'>) =>
  context.mode === 'card' && !isCvv(context.cvv);
export const cardMissing = (context: Pick<TopUpContext, 'mode' | 'cardId'>) =>
  context.mode === 'card' && context.cardId === null;

/** The request the member is about to send, or null while something is missing. */
export function requestOf(context: TopUpContext): TopUpRequest | null {
  const amount = amountOf(context);
  if (!amount.ok || cvvMissing(context) || cardMissing(context)) return null;
  return {
    amount: amount.amount,
    mode: context.mode,
    cardId: context.mode === 'card' ? context.cardId : null,
    cvv: context.mode === 'card' ? context.cvv : '',
  };
}

export const sameRequest = (a: TopUpRequest | null, b: TopUpRequest | null) =>
  a !== null && b !== null && a.amount === b.amount && a.mode === b.mode && a.cardId === b.cardId && a.cvv === b.cvv;
