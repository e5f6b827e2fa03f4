import { Trans, useLingui } from '@lingui/react/macro';
import { BackIcon, HeaderButton, Modal } from '@vendo/ui';
import { Redirect } from 'wouter';
import { AppHeader } from '../../../lib/frame/app-header.tsx';
import { href } from '../../../lib/paths.ts';
import { useLogin, useLoginSend } from '../login.tsx';
import { useLoginOutcome } from '../login-outcome.tsx';
import { CodeForm } from './code-form.tsx';
import { LoginPrompt } from './login-prompts.tsx';

/** Spec §2 `/phone-verification`: the 4-digit code; back to `/` when no phone is held. */
export default function PhoneVerification() {
  const login = useLogin();
  const send = useLoginSend();
  const { t } = useLingui();
  useLoginOutcome();
  if (login.screen === 'phone') return <Redirect to={href('signIn')} replace />;
  const prompting = login.screen === 'completeProfile' || login.screen === 'addCardPrompt';
  return (
    <>
      <AppHeader
        left={
          // Spec §4: the back arrow appears once the resend countdown has ended.
          login.canResend ? (
            <HeaderButton
              label={t`Change phone number`}
              icon={<BackIcon />}
              onClick={() => send({ type: 'phone.edit' })}
            />
          ) : null
        }
      />
      <main className="vendo-page">
        <h1>
          <Trans>Enter your code</Trans>
        </h1>
        <CodeForm />
      </main>
      <Modal
        open={prompting}
        title={login.screen === 'completeProfile' ? t`Complete your profile` : t`No cards registered`}
        closeLabel={t`Later`}
        onClose={() => send({ type: 'prompt.skipped' })}
      >
        <LoginPrompt />
      </Modal>
    </>
  );
}
