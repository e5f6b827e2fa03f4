import { calls } from '../contract/calls.ts';
import type { CallInput, CallOptions, Send } from './send.ts';

export function ratingsApi(send: Send) {
  return {
    create: (body: CallInput<typeof calls.createRating>['body'], options?: CallOptions) =>
      send(calls.createRating, { body }, options),
  };
}
