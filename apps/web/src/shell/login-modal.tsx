import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import { useRestartLogin } from '../flows/login.tsx';
import { loadFeature } from '../i18n/i18n.ts';

/** The modal's steps (and their texts) load when it first opens: most visits never open it. */
const LoginSteps = lazy(async () => (await Promise.all([import('./login-steps.tsx'), loadFeature('signin')]))[0]);

const OpenLogin = createContext<() => void>(() => {});

/** Opens the login modal from anywhere an anonymous visitor tries a member action (spec §2, §6). */
export const useOpenLogin = () => useContext(OpenLogin);

/** The login modal with its steps 0 phone, 1 code, 2 no cards registered, 3 complete profile. */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const restart = useRestartLogin();
  const close = useCallback(() => {
    setOpen(false);
    restart();
  }, [restart]);
  const openLogin = useMemo(() => () => setOpen(true), []);
  return (
    <OpenLogin.Provider value={openLogin}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <LoginSteps onClose={close} />
        </Suspense>
      ) : null}
    </OpenLogin.Provider>
  );
}
