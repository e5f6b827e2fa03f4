import { Trans, useLingui } from '@lingui/react/macro';
import { machineSelectionActors, machineSelectionMachine, machineSelectionView } from '@vendo/core';
import { BackIcon, Button, HeaderButton, ListButton, Notice, TextField } from '@vendo/ui';

import { useSelector } from '@xstate/react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
import { qrSitePath } from '../../lib/config.ts';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { loadErrorMessages, machineProblemMessages } from './machine-messages.ts';
import { MachineNotFound } from './machine-not-found.tsx';
import { SupportLink } from './support-link.tsx';

const QrScanner = lazy(() => import('./qr-scanner-panel.tsx'));

/** Spec §2 `/machine-selection` and `/machine-selection/:selectNew`: QR, typed machine ID, recent machines. */
export default function MachineSelection() {
  const { selectNew } = useParams<{ selectNew?: string }>();
  const session = useSession();
  if (session.machineChosen && !selectNew) return <Redirect to={href('machineInventory')} replace />;
  return (
    <Choose
      key={session.member?.id ?? 'visitor'}
      memberId={session.member?.id ?? null}
      selectNew={Boolean(selectNew)}
    />
  );
}

function Choose({ memberId, selectNew }: { memberId: number | null; selectNew: boolean }) {
  const { api } = usePlatform();
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const sessionRef = Session.useActorRef();
  // The machine found becomes the session's chosen one: the flow tells it.
  const flow = useFlow(machineSelectionMachine, machineSelectionActors({ api }), {
    memberId,
    sitePath: qrSitePath(),
    session: sessionRef,
  });
  const view = useSelector(flow, machineSelectionView);
  const [scanning, setScanning] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.send({ type: 'id.submitted' });
  };
  // Chosen (the flow told the session): the inventory follows, from /machine-selection/new too.
  if (view.chosen) return <Redirect to={href('machineInventory')} replace />;
  return (
    <>
      <AppHeader
        left={
          selectNew ? (
            <HeaderButton
              label={t`Back to the inventory`}
              icon={<BackIcon />}
              onClick={() => navigate(href('machineInventory'))}
            />
          ) : undefined
        }
      />
      <main className="vendo-page">
        <h1>
          <Trans>Choose a machine</Trans>
        </h1>
        <Button type="button" width="full" onClick={() => setScanning(true)}>
          <Trans>Scan the machine's QR code</Trans>
        </Button>
        {scanning ? (
          <Suspense fallback={null}>
            <QrScanner
              onText={(text) => {
                setScanning(false);
                flow.send({ type: 'qr.decoded', text });
              }}
              onClose={() => setScanning(false)}
            />
          </Suspense>
        ) : null}
        <form className="vendo-form vendo-section" onSubmit={submit} noValidate>
          <TextField
            label={t`Machine ID`}
            name="machine"
            placeholder="@vendo1"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={view.machineId}
            onChange={(event) => flow.send({ type: 'id.changed', value: event.target.value })}
            error={view.problem ? i18n._(machineProblemMessages[view.problem]) : undefined}
          />
          {view.error ? <Notice tone="error">{i18n._(loadErrorMessages[view.error])}</Notice> : null}
          <Button
            type="submit"
            variant="secondary"
            width="full"
            busy={view.busy}
            busyLabel={t`Looking for the machine…`}
          >
            <Trans>Open the machine</Trans>
          </Button>
        </form>
        {view.recent.length > 0 ? (
          <section className="vendo-section" aria-labelledby="recent-machines">
            <h2 id="recent-machines">
              <Trans>Recent machines</Trans>
            </h2>
            <ul className="vendo-list">
              {view.recent.map((machine) => (
                <li key={machine.id}>
                  <ListButton
                    title={`@${machine.name}`}
                    subtitle={machine.status === 'offline' ? t`Offline` : undefined}
                    onSelect={() => flow.send({ type: 'recent.chosen', name: machine.name })}
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {memberId === null && <SupportLink />}
      </main>
      <MachineNotFound open={view.notFound} onClose={() => flow.send({ type: 'not-found.dismissed' })} />
    </>
  );
}
