import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  RFID_ID_LENGTH,
  type RfidDeviceField,
  type RfidDeviceProblem,
  rfidDeviceActors,
  rfidDeviceMachine,
  rfidDeviceView,
  rfidOffers,
} from '@vendo/core';
import { Button, StatusScreen, TextField } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { submitForm } from '../../lib/frame/submit-form.ts';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';

const problems: Record<RfidDeviceProblem, ReturnType<typeof msg>> = {
  rfid_name_missing: msg`Give the device a name.`,
  rfid_id_length: msg`Verify your ID is ${RFID_ID_LENGTH} digits`,
  rfid_key_missing: msg`Type the device key.`,
};

/** Spec §2 `/add-rfid-device-page`: step 1 the form, step 2 the result. Machines with remote RFID only. */
export default function AddRfidDevice() {
  const session = useSession();
  const { api } = usePlatform();
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const flow = useFlow(rfidDeviceMachine, rfidDeviceActors({ api }));
  const state = useSelector(flow, rfidDeviceView);
  const change = (field: RfidDeviceField) => (event: { target: { value: string } }) =>
    flow.send({ type: 'field.changed', field, value: event.target.value });
  const problem = (field: RfidDeviceField) => {
    const found = state.problems[field];
    return found ? i18n._(problems[found]) : undefined;
  };
  const offered = rfidOffers(session.machine).remoteDevices;
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        <h1>
          <Trans>Add a device</Trans>
        </h1>
        {!offered ? (
          <p>
            <Trans>This machine takes no remote devices.</Trans>{' '}
            <Link href={href('machineSelection')}>
              <Trans>Choose another machine</Trans>
            </Link>
          </p>
        ) : state.added ? (
          <StatusScreen
            tone="success"
            title={t`Device added`}
            actions={
              <Button width="full" onClick={() => navigate(href('profile'))}>
                <Trans>Go to my account</Trans>
              </Button>
            }
          />
        ) : state.refused ? (
          <StatusScreen
            tone="error"
            title={t`The device could not be added`}
            actions={
              <Button width="full" onClick={() => flow.send({ type: 'form.reopened' })}>
                <Trans>Try again</Trans>
              </Button>
            }
          >
            <p>{state.failure?.message ?? t`An error occurred in the process, please try again.`}</p>
          </StatusScreen>
        ) : (
          <form
            className="vendo-form"
            noValidate
            onSubmit={(event) => submitForm(event, () => flow.send({ type: 'device.submitted' }))}
          >
            <TextField
              label={t`Device name`}
              value={state.form.name}
              onChange={change('name')}
              error={problem('name')}
            />
            <TextField
              label={t`RFID ID`}
              inputMode="numeric"
              maxLength={RFID_ID_LENGTH}
              value={state.form.rfidId}
              onChange={change('rfidId')}
              error={problem('rfidId')}
            />
            <TextField
              label={t`RFID key`}
              autoCapitalize="none"
              value={state.form.rfidKey}
              onChange={change('rfidKey')}
              onBlur={() => flow.send({ type: 'key.blurred' })}
              error={problem('rfidKey')}
            />
            <Button type="submit" width="full" busy={state.saving} busyLabel={t`Saving…`}>
              <Trans>Add device</Trans>
            </Button>
          </form>
        )}
      </main>
    </>
  );
}
