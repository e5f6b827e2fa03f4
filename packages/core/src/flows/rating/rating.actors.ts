import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { StoragePort } from '../../ports.ts';
import { mayAskForRating, RATING_ASKED_AT_KEY } from '../../rules/rating.ts';
import { STORAGE_LIFETIME_SECONDS } from '../../rules/storage.ts';

/** The rating flow's effects: the member configuration and ratings calls, and when it last asked. */
export function ratingActors({
  api,
  storage,
  memberId,
  now = () => new Date(),
}: {
  api: Api;
  storage: StoragePort;
  memberId: number;
  now?: () => Date;
}) {
  return {
    decide: fromPromise<boolean>(async ({ signal }) => {
      const answer = await api.configurations.get(memberId, { signal });
      if (!answer.ok) return false;
      return mayAskForRating({
        displayRatingModal: answer.value.community_member_configuration.displayRatingModal,
        lastAskedAt: storage.read(RATING_ASKED_AT_KEY),
        now: now(),
      });
    }),
    remember: fromPromise<void>(async () => {
      storage.write(RATING_ASKED_AT_KEY, now().toISOString(), { maxAgeSeconds: STORAGE_LIFETIME_SECONDS });
    }),
    sendRating: fromPromise<void, { stars: number }>(async ({ input, signal }) => {
      const sent = await api.ratings.create({ community_member_id: memberId, rating: input.stars }, { signal });
      if (!sent.ok) throw sent.error;
    }),
    stopAsking: fromPromise<void>(async ({ signal }) => {
      const saved = await api.configurations.save(memberId, { displayRatingModal: false }, { signal });
      if (!saved.ok) throw saved.error;
    }),
  };
}
