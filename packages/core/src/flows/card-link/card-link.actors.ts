import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { PendingCardLink } from '../../contract/index.ts';
import type { CreateLinkInput, FetchLinkInput } from './card-link.types.ts';

/** The card-link flow's effects on the real API: make the pending link, read it, cancel it. */
export function cardLinkActors({ api }: { api: Api }) {
  return {
    createLink: fromPromise<PendingCardLink, CreateLinkInput>(async ({ input, signal }) => {
      const created = await api.cardLinks.create(input.memberId, input.machineId, { signal });
      if (!created.ok) throw created.error;
      return created.value.pending_card_link;
    }),
    fetchLink: fromPromise<PendingCardLink, FetchLinkInput>(async ({ input, signal }) => {
      const read = await api.cardLinks.get(input.memberId, input.linkId, { signal });
      if (!read.ok) throw read.error;
      return read.value.pending_card_link;
    }),
    cancelLink: fromPromise<void, { memberId: number }>(async ({ input, signal }) => {
      const cancelled = await api.cardLinks.cancelAll(input.memberId, { signal });
      if (!cancelled.ok) throw cancelled.error;
    }),
  };
}
