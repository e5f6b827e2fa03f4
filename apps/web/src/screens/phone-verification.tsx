import { Trans, useLingui } from '@lingui/react/macro';
import { BackIcon, HeaderButton, Modal } from '@vendo/ui';
import { Redirect } from 'wouter';
import { Login, useLogin } from '../flows/login.tsx';
import { useLoginOutcome } from '../flows/login-outcome.tsx';
import { href } from '../paths.ts';
import { AppHeader } from '../shell/app-header.tsx';
import { CodeForm } from '../shell/code-form.tsx';
import { LoginPrompt } from '../shell/login-prompts.tsx';

/** Spec §2 `/phone-verification`: the 4-digit code; back to `/` when no phone is held. */
export default function PhoneVerification() {
  const login = useLogin();
  const flow = Login.useActorRef();
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
              onClick={() => flow.send({ type: 'phone.edit' })}
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
        onClose={() => flow.send({ type: 'prompt.skipped' })}
      >
        <LoginPrompt />
      </Modal>
    </>
  );
}
