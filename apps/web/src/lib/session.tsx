import { readStoredSession, sessionActors, sessionMachine, sessionView } from '@vendo/core';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import { usePlatform } from './platform/platform.tsx';

/** The one session actor of the app (spec §4 session). */
export const Session = createActorContext(sessionMachine);

export function SessionProvider({ children }: { children: ReactNode }) {
  const { api, storage, machinePage } = usePlatform();
  const logic = useMemo(() => sessionMachine.provide({ actors: sessionActors({ api, storage }) }), [api, storage]);
  // Storage is read before the first render, so the server's HTML and the browser's first render agree
  // on who is signed in (no "restoring" step in between).
  // A server-rendered machine page's machine is the chosen one from the start (issue 19).
  const options = useMemo(
    () => ({ input: { stored: readStoredSession(storage), machine: machinePage?.machine } }),
    [storage, machinePage],
  );
  return (
    <Session.Provider logic={logic} options={options}>
      {children}
    </Session.Provider>
  );
}

/** What screens read from the session; re-renders only when that view changes. */
export const useSession = () => Session.useSelector(sessionView, viewsEqual);

function viewsEqual(a: ReturnType<typeof sessionView>, b: ReturnType<typeof sessionView>) {
  return (Object.keys(a) as (keyof typeof a)[]).every((key) => Object.is(a[key], b[key]));
}
