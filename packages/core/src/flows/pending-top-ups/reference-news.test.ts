import { describe, expect, it } from 'vitest';
import type { CreditedReference, PendingTopUp } from '../../contract/index.ts';
import { awaitedReferences, referenceNews } from './reference-news.ts';

const credited = (id: number, amount = 100): CreditedReference => ({
  id,
  reference: '0596 0113 0180 7389',
  amount,
  currency: 'MXN',
  credited_at: '2026-11-29T12:00:00.000Z',
});

const listed = (id: number, status: PendingTopUp['status']): PendingTopUp => ({
  id,
  reference: '0596 0113 0180 7389',
  amount: 100,
  currency: 'MXN',
  status,
  created_at: '2026-11-29T10:00:00.000Z',
  expires_at: '2026-12-02T10:00:00.000Z',
  credited_at: null,
  stores: ['OXXO'],
});

describe('issue 37 point 1: a store payment credited is news on the app’s next read', () => {
  it('tells the credit of a reference the visit showed still payable, once', () => {
    const first = referenceNews({ credited_references: [credited(8, 250), credited(7)] }, [8]);
    const again = referenceNews({ credited_references: [credited(8, 250), credited(7)] }, first.awaited);

    expect(first.news.map((reference) => [reference.id, reference.amount])).toEqual([[8, 250]]);
    expect(again.news).toEqual([]);
  });

  it('tells nothing of a credit the visit never showed pending: it came before the app was open', () => {
    expect(referenceNews({ credited_references: [credited(7)] }, [])).toEqual({ news: [], awaited: [] });
  });

  it('keeps awaiting a reference the read does not bring credited', () => {
    expect(referenceNews({ credited_references: [] }, [9])).toEqual({ news: [], awaited: [9] });
    expect(referenceNews({}, [9])).toEqual({ news: [], awaited: [9] });
  });

  it('awaits only references still payable, each once', () => {
    const awaited = awaitedReferences([3], [listed(3, 'pending'), listed(4, 'pending'), listed(5, 'expired')]);

    expect(awaited).toEqual([3, 4]);
  });
});
