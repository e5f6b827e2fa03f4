import { type AnyEventObject, createActor, fromCallback } from 'xstate';

/** A stand-in for the session a flow tells of changes to the member: it keeps what it was told, in order. */
export function toldSession() {
  const told: AnyEventObject[] = [];
  const session = createActor(
    fromCallback<AnyEventObject>(({ receive }) => {
      receive((event) => {
        told.push(event);
      });
    }),
  ).start();
  return { session, told };
}
