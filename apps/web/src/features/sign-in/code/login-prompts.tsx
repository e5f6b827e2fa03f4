import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@vendo/ui';
import { useLogin, useLoginSend } from '../login.tsx';

/** The login's last steps (spec §2 modal steps 3 and 2): complete the profile, or add a card. */
export function LoginPrompt() {
  const login = useLogin();
  const send = useLoginSend();
  const { t } = useLingui();
  if (login.screen === 'completeProfile') {
    return (
      <div className="vendo-form">
        <p>
          <Trans>Complete your profile with your name and email to buy and add funds.</Trans>
        </p>
        <Button width="full" onClick={() => send({ type: 'profile.complete' })}>
          <Trans>Complete my profile</Trans>
        </Button>
        <Button width="full" variant="ghost" onClick={() => send({ type: 'prompt.skipped' })}>
          {t`Later`}
        </Button>
      </div>
    );
  }
  return (
    <div className="vendo-form">
      <p>
        <Trans>You have no cards registered yet. Add one to top up your balance.</Trans>
      </p>
      <Button width="full" onClick={() => send({ type: 'card.add' })}>
        <Trans>Add a card</Trans>
      </Button>
      <Button width="full" variant="ghost" onClick={() => send({ type: 'prompt.skipped' })}>
        {t`Later`}
      </Button>
    </div>
  );
}
