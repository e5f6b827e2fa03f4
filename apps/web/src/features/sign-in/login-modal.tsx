import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { SignInRequest } from '../../lib/frame/sign-in-request.ts';
import { useRestartLogin } from './login.tsx';
import { loadCodeTexts } from './texts.ts';

/** The modal's steps load when it first opens: most visits never open it, and their texts with them (texts.ts). */
const LoginSteps = lazy(async () => (await Promise.all([import('./code/login-steps.tsx'), loadCodeTexts()]))[0]);

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
    <SignInRequest.Provider value={openLogin}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <LoginSteps onClose={close} />
        </Suspense>
      ) : null}
    </SignInRequest.Provider>
  );
}
