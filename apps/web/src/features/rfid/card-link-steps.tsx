import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardLinkErrorKind, CardLinkView } from '@vendo/core';
import { Button, CodeDisplay, Countdown, Notice, Spinner, StatusScreen } from '@vendo/ui';

const errorTitles: Record<CardLinkErrorKind, ReturnType<typeof msg>> = {
  internal: msg`Internal server error`,
  internalGeneric: msg`Internal server error`,
  userTimeout: msg`Did you make your selection on the machine's keyboard?`,
  communication: msg`The machine could not be contacted. Please come back later.`,
  server: msg`The card could not be linked`,
};

const errorDescriptions: Record<CardLinkErrorKind, ReturnType<typeof msg>> = {
  internal: msg`Please try again later.`,
  internalGeneric: msg`An error occurred in the process, please try again.`,
  userTimeout: msg`Time ran out. Please try again.`,
  communication: msg`Check that you are next to the machine and try again.`,
  server: msg`Please try again later.`,
};

interface StepProps {
  name: string;
  onBack: () => void;
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button width="full" variant="secondary" onClick={onBack}>
      <Trans>Back</Trans>
    </Button>
  );
}

function SecondsLeft({ view }: { view: CardLinkView }) {
  const { t } = useLingui();
  return (
    <p>
      <Countdown seconds={view.secondsLeft}>{(seconds) => t`${seconds} seconds left`}</Countdown>
    </p>
  );
}

/** `/add-rfid-card-page`: what is about to happen, and Start. */
export function Start({ name, onStart }: { name: string; onStart: () => void }) {
  const { t } = useLingui();
  return (
    <StatusScreen
      tone="progress"
      title={t`Link your employee card`}
      visual={<img src="/illustrations/employee-card.svg" alt="" width={160} height={100} />}
      actions={
        <Button width="full" onClick={onStart}>
          <Trans>Start</Trans>
        </Button>
      }
    >
      <p>
        <Trans>Stand next to @{name}: it will ask for a code and then for your card.</Trans>
      </p>
    </StatusScreen>
  );
}

/** `/connecting-machine-rfid-page` and `/linking-rfid-card-page` (where Back cancels the link). */
export function Connecting({ name, onBack, linking }: StepProps & { linking: boolean }) {
  const { t } = useLingui();
  return (
    <StatusScreen
      tone="progress"
      title={t`Connecting to @${name}…`}
      visual={
        <div className="vendo-row">
          <img src="/illustrations/machine.svg" alt="" width={90} height={120} />
          <img src="/illustrations/employee-card.svg" alt="" width={120} height={75} />
        </div>
      }
      actions={linking ? <BackButton onBack={onBack} /> : undefined}
    >
      <Spinner label={t`Connecting…`} />
    </StatusScreen>
  );
}

/** `/authenticate-user-rfid-page`: the code to type on the machine, against its countdown. */
export function Authenticate({ name, onBack, view }: StepProps & { view: CardLinkView }) {
  const { t } = useLingui();
  return (
    <StatusScreen
      tone="progress"
      title={t`Type this code on @${name}`}
      visual={<img src="/illustrations/rfid-reader.svg" alt="" width={120} height={120} />}
      actions={<BackButton onBack={onBack} />}
    >
      <CodeDisplay label={t`Your code`} code={view.code} />
      <SecondsLeft view={view} />
    </StatusScreen>
  );
}

/** `/tap-card-rfid-page`: the card to the reader, against its countdown. */
export function TapCard({ name, onBack, view }: StepProps & { view: CardLinkView }) {
  const { t } = useLingui();
  return (
    <StatusScreen
      tone="progress"
      title={t`Tap your card on the reader`}
      visual={<img src="/illustrations/rfid-reader.svg" alt="" width={120} height={120} />}
      actions={<BackButton onBack={onBack} />}
    >
      <p>
        <Trans>Hold your employee card against the reader of @{name}.</Trans>
      </p>
      <SecondsLeft view={view} />
    </StatusScreen>
  );
}

/** `/card-link-successful-page`: what the card does from now on. */
export function Linked({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  return (
    <StatusScreen
      tone="success"
      title={t`Card link successful`}
      actions={
        <Button width="full" onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      }
    >
      <p>
        <Trans>Now you can:</Trans>
      </p>
      <ul>
        <li>
          <Trans>Buy by tapping your card on the machine.</Trans>
        </li>
        <li>
          <Trans>Pay from your Vendo balance without your phone.</Trans>
        </li>
        <li>
          <Trans>See every purchase in your history.</Trans>
        </li>
      </ul>
    </StatusScreen>
  );
}

/** `/rfid-error-page`: the server's own words when it gave them (shown as text), else ours for the kind. */
export function LinkError({ view, onBack }: { view: CardLinkView; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const error = view.error;
  if (!error) return <Notice tone="error">{t`Please try again later.`}</Notice>;
  return (
    <StatusScreen
      tone="error"
      title={error.title ?? i18n._(errorTitles[error.kind])}
      actions={
        <Button width="full" onClick={onBack}>
          {error.actionText ?? <Trans>Back</Trans>}
        </Button>
      }
    >
      <p>{error.description ?? i18n._(errorDescriptions[error.kind])}</p>
    </StatusScreen>
  );
}
