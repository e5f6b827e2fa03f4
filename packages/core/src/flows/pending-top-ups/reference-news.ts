import type { CommunityMember, CreditedReference, PendingTopUp } from '../../contract/index.ts';

/**
 * Issue 37 point 1: a store payment is told to the member (a system notification) "while the app is open" and
 * "when the app's next read of the member brings it": the references this visit showed still payable are
 * awaited, and a read that brings one of them credited is news, once. A credit of a reference the visit never
 * showed pending happened before the app was open; the balance says it.
 */
export function referenceNews(
  member: Pick<CommunityMember, 'credited_references'> | null,
  awaited: readonly number[],
): { news: CreditedReference[]; awaited: number[] } {
  const waiting = new Set(awaited);
  const news = (member?.credited_references ?? []).filter((reference) => waiting.has(reference.id));
  for (const reference of news) waiting.delete(reference.id);
  return { news, awaited: [...waiting] };
}

/** What a list of references adds to those awaited: the ones still payable, once each. */
export function awaitedReferences(awaited: readonly number[], references: readonly PendingTopUp[]): number[] {
  const payable = references.filter((reference) => reference.status === 'pending').map((reference) => reference.id);
  return [...new Set([...awaited, ...payable])];
}
