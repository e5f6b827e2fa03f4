import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CodeInput, Countdown, Modal, Notice } from '@vendo/ui';
import { useState } from 'react';
import { useLogin, useLoginSend } from '../login.tsx';
import { signInErrorMessage } from './code-messages.ts';

/** Spec §2 `/phone-verification` and the login modal's step 1: the texted 4-digit code. */
export function CodeForm() {
  const login = useLogin();
  const send = useLoginSend();
  const { t, i18n } = useLingui();
  const [helpOpen, setHelpOpen] = useState(false);
  const phone = `${login.country} ${login.phone}`;
  return (
    <div className="vendo-form">
      <p>
        <Trans>We texted a 4-digit code to {phone}.</Trans>
      </p>
      {/* Spec §8: a verification error shows above the code input. */}
      {login.error ? (
        <Notice tone="error">
          {i18n._({ ...signInErrorMessage(login.error), values: { minutes: login.waitMinutes } })}
        </Notice>
      ) : null}
      <CodeInput
        label={t`Verification code`}
        value={login.code}
        onChange={(code) => send({ type: 'code.changed', code })}
        autoFocus
        readOnly={login.busy}
        refused={Boolean(login.error) && !login.busy}
      />
      {login.busy ? (
        <p role="status">
          <Trans>Checking…</Trans>
        </p>
      ) : null}
      {/* Spec §4: the resend button is there from the start, disabled for the 60 s countdown. */}
      <Button
        type="button"
        variant="secondary"
        width="full"
        disabled={!login.canResend}
        onClick={() => send({ type: 'code.resend' })}
      >
        <Trans>Send a new code</Trans>
      </Button>
      {login.canResend ? null : (
        <Countdown seconds={login.resendIn}>{(seconds) => t`You can ask for a new code in ${seconds} s.`}</Countdown>
      )}
      <Button type="button" variant="ghost" width="full" onClick={() => setHelpOpen(true)}>
        <Trans>Didn't get the code?</Trans>
      </Button>
      <Modal open={helpOpen} title={t`Didn't get the code?`} closeLabel={t`Close`} onClose={() => setHelpOpen(false)}>
        <p>
          <Trans>
            Texts can take a minute. Check that the number is right and look in your spam or blocked messages folder:
            some phones file unknown senders there.
          </Trans>
        </p>
        <p>
          <Trans>If your carrier blocks short-code messages, ask it to allow them, then ask for a new code.</Trans>
        </p>
      </Modal>
    </div>
  );
}
