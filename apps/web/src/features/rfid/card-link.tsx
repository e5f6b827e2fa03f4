import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type CardLinkErrorKind,
  type CardLinkScreen,
  cardLinkActors,
  cardLinkMachine,
  cardLinkScreen,
  type ProductServer,
  rfidOffers,
} from '@vendo/core';
import { Button, CodeDisplay, Countdown, Notice, Spinner, StatusScreen } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { href, type PathName } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';

/** Where each screen of the card link lives (spec §2 RFID routes). */
const screenPaths: Record<CardLinkScreen, PathName> = {
  start: 'addRfidCard',
  connecting: 'connectingMachineRfid',
  linking: 'linkingRfidCard',
  authenticate: 'authenticateUserRfid',
  tapCard: 'tapCardRfid',
  linked: 'cardLinkSuccessful',
  error: 'rfidError',
};

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

/**
 * Spec §2 employee-card link: every RFID route renders this one screen, which
 * stays mounted while the flow moves between them; the flow decides the screen,
 * the address follows. Leaving the routes stops the flow and its polling.
 */
export default function CardLink() {
  const session = useSession();
  const machine = session.machine;
  if (!session.member) return null;
  if (!machine || !rfidOffers(machine).employeeCard) return <NoReader />;
  return <CardLinkFlow memberId={session.member.id} machine={machine} />;
}

function NoReader() {
  const { t } = useLingui();
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        <StatusScreen tone="error" title={t`This machine has no employee-card reader`}>
          <p>
            <Link href={href('machineSelection')}>
              <Trans>Choose a machine with a card reader</Trans>
            </Link>
          </p>
        </StatusScreen>
      </main>
    </>
  );
}

function CardLinkFlow({ memberId, machine }: { memberId: number; machine: ProductServer }) {
  const { api } = usePlatform();
  const { t, i18n } = useLingui();
  const [location, navigate] = useLocation();
  const sessionRef = Session.useActorRef();
  const flow = useFlow(cardLinkMachine, cardLinkActors({ api }), { memberId, machine });
  const state = useSelector(flow, (snapshot) => ({
    screen: cardLinkScreen(snapshot.value),
    code: snapshot.context.link?.user_code ?? '',
    secondsLeft: snapshot.context.secondsLeft,
    error: snapshot.context.error,
  }));
  const path = href(screenPaths[state.screen]);
  useEffect(() => {
    if (path !== location) navigate(path, { replace: true });
  }, [path, location, navigate]);
  const name = machine.name;
  const back = (
    <Button width="full" variant="secondary" onClick={() => flow.send({ type: 'link.back' })}>
      <Trans>Back</Trans>
    </Button>
  );
  const countdown = <Countdown seconds={state.secondsLeft}>{(seconds) => t`${seconds} seconds left`}</Countdown>;
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        {state.screen === 'start' && (
          <StatusScreen
            tone="progress"
            title={t`Link your employee card`}
            visual={<img src="/illustrations/employee-card.svg" alt="" width={160} height={100} />}
            actions={
              <Button width="full" onClick={() => flow.send({ type: 'link.started' })}>
                <Trans>Start</Trans>
              </Button>
            }
          >
            <p>
              <Trans>Stand next to @{name}: it will ask for a code and then for your card.</Trans>
            </p>
          </StatusScreen>
        )}
        {(state.screen === 'connecting' || state.screen === 'linking') && (
          <StatusScreen
            tone="progress"
            title={t`Connecting to @${name}…`}
            visual={
              <div className="vendo-row">
                <img src="/illustrations/machine.svg" alt="" width={90} height={120} />
                <img src="/illustrations/employee-card.svg" alt="" width={120} height={75} />
              </div>
            }
            actions={state.screen === 'linking' ? back : undefined}
          >
            <Spinner label={t`Connecting…`} />
          </StatusScreen>
        )}
        {state.screen === 'authenticate' && (
          <StatusScreen
            tone="progress"
            title={t`Type this code on @${name}`}
            visual={<img src="/illustrations/rfid-reader.svg" alt="" width={120} height={120} />}
            actions={back}
          >
            <CodeDisplay label={t`Your code`} code={state.code} />
            <p>{countdown}</p>
          </StatusScreen>
        )}
        {state.screen === 'tapCard' && (
          <StatusScreen
            tone="progress"
            title={t`Tap your card on the reader`}
            visual={<img src="/illustrations/rfid-reader.svg" alt="" width={120} height={120} />}
            actions={back}
          >
            <p>
              <Trans>Hold your employee card against the reader of @{name}.</Trans>
            </p>
            <p>{countdown}</p>
          </StatusScreen>
        )}
        {state.screen === 'linked' && (
          <StatusScreen
            tone="success"
            title={t`Card link successful`}
            actions={
              <Button
                width="full"
                onClick={() => {
                  sessionRef.send({ type: 'member.refresh' });
                  navigate(href('profile'));
                }}
              >
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
        )}
        {state.screen === 'error' && state.error && (
          <StatusScreen
            tone="error"
            title={state.error.title ?? i18n._(errorTitles[state.error.kind])}
            actions={
              <Button width="full" onClick={() => flow.send({ type: 'link.back' })}>
                {state.error.actionText ?? <Trans>Back</Trans>}
              </Button>
            }
          >
            <p>{state.error.description ?? i18n._(errorDescriptions[state.error.kind])}</p>
          </StatusScreen>
        )}
        {state.screen === 'error' && !state.error && <Notice tone="error">{t`Please try again later.`}</Notice>}
      </main>
    </>
  );
}
