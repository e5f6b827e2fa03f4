import { useLingui } from '@lingui/react/macro';
import { Button, Modal } from '@vendo/ui';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useLogin, useLoginSend } from '../login.tsx';
import { loginDestinations, useLoginOutcome } from '../login-outcome.tsx';
import { SignInForm } from '../sign-in-form.tsx';
import { CodeForm } from './code-form.tsx';
import { LoginPrompt } from './login-prompts.tsx';

/** The login modal's steps: 0 phone, 1 code, 2 no cards registered, 3 complete profile (spec §2). */
export default function LoginSteps({ onClose }: { onClose: () => void }) {
  const login = useLogin();
  const send = useLoginSend();
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const finish = useCallback(
    (next: keyof typeof loginDestinations) => {
      onClose();
      // Signed in from a page: stay on it, unless the flow asks to complete the profile or add a card.
      if (next !== 'home') navigate(loginDestinations[next]);
    },
    [onClose, navigate],
  );
  useLoginOutcome(finish);
  const titles = {
    phone: t`Sign in`,
    code: t`Enter your code`,
    completeProfile: t`Complete your profile`,
    addCardPrompt: t`No cards registered`,
    done: t`Sign in`,
  } as const;
  return (
    <Modal open title={titles[login.screen]} closeLabel={t`Close`} onClose={onClose}>
      {login.screen === 'phone' ? <SignInForm /> : null}
      {login.screen === 'code' ? (
        <>
          <CodeForm />
          {login.canResend ? (
            <Button variant="ghost" width="full" onClick={() => send({ type: 'phone.edit' })}>
              {t`Change phone number`}
            </Button>
          ) : null}
        </>
      ) : null}
      {login.screen === 'completeProfile' || login.screen === 'addCardPrompt' ? <LoginPrompt /> : null}
    </Modal>
  );
}
