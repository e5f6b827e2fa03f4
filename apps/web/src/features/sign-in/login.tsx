import { loginActors, loginMachine, loginView } from '@vendo/core';
import { createActorContext } from '@xstate/react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session } from '../../lib/session.tsx';

/** The sign-in flow, shared by `/`, `/phone-verification` and the login modal (spec §4). */
export const Login = createActorContext(loginMachine);

const RestartLogin = createContext<() => void>(() => {});

/** Hands every confirmed sign-in to the session. */
function AnnounceSignIns() {
  const login = Login.useActorRef();
  const session = Session.useActorRef();
  useEffect(() => {
    const subscription = login.on('signed.in', ({ token, member }) => {
      session.send({ type: 'session.started', token, member });
    });
    return () => subscription.unsubscribe();
  }, [login, session]);
  return null;
}

export function LoginProvider({ children }: { children: ReactNode }) {
  const { api, apiWithToken } = usePlatform();
  const [round, setRound] = useState(0);
  const logic = useMemo(
    () => loginMachine.provide({ actors: loginActors({ api, apiFor: (token) => apiWithToken(token) }) }),
    [api, apiWithToken],
  );
  // A finished (or abandoned) sign-in starts over with a fresh flow.
  const restart = useCallback(() => setRound((count) => count + 1), []);
  return (
    <RestartLogin.Provider value={restart}>
      <Login.Provider key={round} logic={logic} options={{ input: {} }}>
        <AnnounceSignIns />
        {children}
      </Login.Provider>
    </RestartLogin.Provider>
  );
}

export const useLogin = () => Login.useSelector(loginView, (a, b) => JSON.stringify(a) === JSON.stringify(b));
export const useRestartLogin = () => useContext(RestartLogin);
