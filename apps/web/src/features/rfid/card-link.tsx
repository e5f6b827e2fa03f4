import { Trans, useLingui } from '@lingui/react/macro';
import {
  type CardLinkMachine,
  type CardLinkScreen,
  cardLinkActors,
  cardLinkMachine,
  cardLinkView,
  type ProductServer,
  rfidOffers,
} from '@vendo/core';
import { StatusScreen } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { href, type PathName } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useAddressFollows } from '../../lib/use-address-follows.ts';
import { Authenticate, Connecting, LinkError, Linked, Start, TapCard } from './card-link-steps.tsx';

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

/**
 * Spec §2 employee-card link: every RFID route renders this one screen, which stays mounted while the
 * flow moves between them: the flow decides the screen, the address follows (as the deal's screens do).
 * Leaving the routes stops the flow and its polling.
 */
export default function CardLink() {
  const session = useSession();
  const machine = session.machine;
  if (!session.member) return null;
  if (!machine || !rfidOffers(machine).employeeCard) return <NoReader />;
  return <FollowedLink memberId={session.member.id} machine={machine} />;
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

/** The link on its way, which the session keeps across these routes; without one (the first visit, a reload) one starts. */
function FollowedLink({ memberId, machine }: { memberId: number; machine: ProductServer }) {
  const { api } = usePlatform();
  const session = Session.useActorRef();
  const link = Session.useSelector((snapshot) => snapshot.context.cardLink);
  useEffect(() => {
    if (link) return;
    const logic = cardLinkMachine.provide({ actors: cardLinkActors({ api }) });
    session.send({ type: 'card-link.started', logic, input: { memberId, machine } });
  }, [link, api, session, memberId, machine]);
  return link ? <CardLinkFlow key={link.id} link={link} name={machine.name} /> : null;
}

function CardLinkFlow({ link, name }: { link: ActorRefFrom<CardLinkMachine>; name: string }) {
  const view = useSelector(link, cardLinkView);
  const [, navigate] = useLocation();
  useAddressFollows(href(screenPaths[view.screen]));
  const back = () => link.send({ type: 'link.back' });
  // The session has read the member again already: the flow told it when the card was linked.
  const done = () => navigate(href('profile'));
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        {view.screen === 'start' && <Start name={name} onStart={() => link.send({ type: 'link.started' })} />}
        {(view.screen === 'connecting' || view.screen === 'linking') && (
          <Connecting name={name} onBack={back} linking={view.screen === 'linking'} />
        )}
        {view.screen === 'authenticate' && <Authenticate name={name} onBack={back} view={view} />}
        {view.screen === 'tapCard' && <TapCard name={name} onBack={back} view={view} />}
        {view.screen === 'linked' && <Linked onDone={done} />}
        {view.screen === 'error' && <LinkError view={view} onBack={back} />}
      </main>
    </>
  );
}
