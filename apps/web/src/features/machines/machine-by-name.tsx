import { Trans, useLingui } from '@lingui/react/macro';
import {
  type MachineIdResult,
  machineSelectionActors,
  machineSelectionMachine,
  machineSelectionView,
} from '@vendo/core';
import { Notice, Spinner } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { qrSitePath } from '../../lib/config.ts';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { loadErrorMessages, machineProblemMessages } from './machine-messages.ts';
import { MachineNotFound } from './machine-not-found.tsx';

/**
 * Spec §2 `/:vendingMachineName`, while its machine is looked up: the inventory (machine-inventory.tsx)
 * takes over once it is the chosen one.
 */
export function MachineByName({ name }: { name: MachineIdResult }) {
  const { api } = usePlatform();
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const sessionRef = Session.useActorRef();
  // The machine found becomes the session's chosen one (the flow tells it); the inventory then takes over.
  const flow = useFlow(machineSelectionMachine, machineSelectionActors({ api }), {
    memberId: null,
    sitePath: qrSitePath(),
    session: sessionRef,
  });
  const view = useSelector(flow, machineSelectionView);

  const wanted = name.ok ? name.name : null;
  const session = useSession();
  // A member back at the machine they last chose (its QR code again) opens its inventory at once: the
  // session already loads that machine, and a second lookup would only make the inventory wait.
  const alreadyChosen = session.machineName === wanted;
  useEffect(() => {
    if (!wanted || !session.restored) return;
    if (alreadyChosen) navigate(href('machineInventory'), { replace: true });
    else flow.send({ type: 'recent.chosen', name: wanted });
  }, [session.restored, alreadyChosen, flow, wanted, navigate]);

  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        {!name.ok ? (
          <>
            <h1>
              <Trans>Machine not found</Trans>
            </h1>
            <Notice tone="error">{i18n._(machineProblemMessages[name.problem])}</Notice>
          </>
        ) : view.error ? (
          <Notice tone="error">{i18n._(loadErrorMessages[view.error])}</Notice>
        ) : (
          <div className="vendo-page--center">
            <Spinner label={t`Opening @${name.name}…`} />
          </div>
        )}
        <p className="vendo-aside">
          <Link href={href('machineSelection')}>
            <Trans>Choose another machine</Trans>
          </Link>
        </p>
      </main>
      <MachineNotFound open={view.notFound} onClose={() => navigate(href('machineSelection'), { replace: true })} />
    </>
  );
}
