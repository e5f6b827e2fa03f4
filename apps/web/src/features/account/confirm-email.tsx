import { Trans } from '@lingui/react/macro';
import {
  confirmationToken,
  type EmailConfirmationErrorCode,
  emailConfirmationActors,
  emailConfirmationMachine,
  emailConfirmationView,
} from '@vendo/core';
import { Button, Notice } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';

/**
 * Issue 35 point 4: the page a confirmation e-mail's link opens. It confirms the address, whoever is signed
 * in on this device (the link's token is what counts), and says so; a link that cannot confirm says why.
 */
export default function ConfirmEmail() {
  const { api } = usePlatform();
  const [, navigate] = useLocation();
  const session = useSession();
  const flow = useFlow(emailConfirmationMachine, emailConfirmationActors({ api }), {
    token: confirmationToken(useSearch()),
    session: Session.useActorRef(),
  });
  const view = useSelector(flow, emailConfirmationView);
  const onwards = session.signedIn ? href('profile') : href('machineSelection');
  return (
    <>
      <AppHeader />
      <main className="vendo-page vendo-form">
        <h1>
          <Trans>Confirm your email</Trans>
        </h1>
        {view.confirming ? (
          <p role="status">
            <Trans>Confirming your email…</Trans>
          </p>
        ) : view.confirmed ? (
          <Notice tone="info">
            <Trans>Your email is confirmed.</Trans>
          </Notice>
        ) : view.missing ? (
          <Notice tone="error">
            <Trans>
              This link is incomplete: open the one in the email again, or ask for a new one in your profile.
            </Trans>
          </Notice>
        ) : view.problem ? (
          <>
            <Notice tone="error">
              <Problem code={view.problem} />
            </Notice>
            {view.problem === 'unreachable' ? (
              <Button width="full" onClick={() => flow.send({ type: 'confirmation.retried' })}>
                <Trans>Try again</Trans>
              </Button>
            ) : null}
          </>
        ) : null}
        <Button width="full" variant="secondary" onClick={() => navigate(onwards)}>
          {session.signedIn ? <Trans>Go to my account</Trans> : <Trans>Choose a machine</Trans>}
        </Button>
      </main>
    </>
  );
}

function Problem({ code }: { code: EmailConfirmationErrorCode }) {
  switch (code) {
    case 'email_confirmation_expired':
      return <Trans>This link is more than 48 hours old. Ask for a new one in your profile.</Trans>;
    case 'email_confirmation_invalid':
      return (
        <Trans>
          This link no longer confirms anything: it was used, or a newer email replaced it. Ask for a new one in your
          profile if your email is not confirmed yet.
        </Trans>
      );
    case 'unreachable':
      return <Trans>We could not reach Vendo. Check your connection and try again.</Trans>;
    case 'too_many_requests':
    case 'email_confirmation_limited':
      return <Trans>Too many tries. Wait a moment and try again.</Trans>;
    default:
      return <Trans>Your email could not be confirmed. Try again later.</Trans>;
  }
}
