import { calls } from '../contract/calls.ts';
import { APP_VERSION } from '../version.ts';
import type { CallInput, CallOptions, Send } from './send.ts';

type Id = number;

export function membersApi(send: Send) {
  return {
    get: (id: Id, options?: CallOptions) =>
      send(calls.getMember, { params: { id }, query: { version: APP_VERSION } }, options),
    requestCode: (body: CallInput<typeof calls.requestCode>['body'], options?: CallOptions) =>
      send(calls.requestCode, { body }, options),
    confirmCode: (body: CallInput<typeof calls.confirmCode>['body'], options?: CallOptions) =>
      send(calls.confirmCode, { body }, options),
    update: (id: Id, body: CallInput<typeof calls.updateMember>['body'], options?: CallOptions) =>
      send(calls.updateMember, { params: { id }, body }, options),
    signOut: (id: Id, options?: CallOptions) => send(calls.endSession, { params: { id } }, options),
    /** Issue 35 point 4: the token of a confirmation e-mail's link; needs no sign-in. */
    confirmEmail: (body: CallInput<typeof calls.confirmEmail>['body'], options?: CallOptions) =>
      send(calls.confirmEmail, { body }, options),
  };
}
