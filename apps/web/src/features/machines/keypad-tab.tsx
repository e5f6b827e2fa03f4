import { Trans, useLingui } from '@lingui/react/macro';
import {
  formatMoney,
  type InventoryMachine,
  inventoryView,
  KEYPAD_LAYOUT,
  keypadMachine,
  keypadSocket,
  keypadView,
  type ProductServer,
  SaleType,
} from '@vendo/core';
import { Button, Keypad, ListButton, Modal, Notice } from '@vendo/ui';

import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useHydrated } from '../../lib/hydration.ts';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { browserKeypadSocket } from '../../lib/platform/keypad-socket.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { useBuy } from '../purchase/index.ts';
import { useOpenLogin } from '../sign-in/index.ts';
import { BuyPrompts } from './buy-prompts.tsx';

/** Spec §2 tab 1, insert coins: the touchless keypad of a numeric-keyboard machine, and pay-with-card. */
export default function KeypadTab({
  machine,
  inventory,
}: {
  machine: ProductServer;
  inventory: ActorRefFrom<InventoryMachine>;
}) {
  const { t } = useLingui();
  const session = useSession();
  const token = Session.useSelector((snapshot) => snapshot.context.token);
  const buy = useBuy(machine);
  const payment = useSelector(inventory, (snapshot) => inventoryView(snapshot, machine));
  const memberToken = session.signedIn ? token : null;
  const openLogin = useOpenLogin();
  // Drawn by the server when the page's address names this tab (issue 31): its buttons wait for the app.
  const waiting = !useHydrated();
  // A visitor's pay-with-card gets the login modal, as every member action does (issue 15 point 3).
  useEffect(() => {
    if (!payment.needsLogin) return;
    openLogin();
    inventory.send({ type: 'login.shown' });
  }, [payment.needsLogin, openLogin, inventory]);
  return (
    <div className="vendo-form">
      {session.signedIn && session.balance !== null ? (
        <p>
          <Trans>Your credit: {formatMoney(session.balance, currentLocale(), session.currency)}</Trans>
        </p>
      ) : null}
      {/* The keypad belongs to whoever is signed in: signing in here starts it again, with the new token. */}
      <MachineKeypad key={memberToken ?? 'visitor'} machineName={machine.name} token={memberToken} />
      <Button
        width="full"
        busy={buy.view.creating}
        busyLabel={t`Starting…`}
        disabled={waiting}
        onClick={() =>
          buy.flow.send({
            type: 'buy.requested',
            request: { product: null, saleType: SaleType.sale, anyProduct: true },
          })
        }
      >
        <Trans>Choose on the machine's keyboard</Trans>
      </Button>
      <BuyPrompts flow={buy.flow} view={buy.view} currency={machine.country.currency_iso} />
      <Button
        variant="secondary"
        width="full"
        disabled={waiting}
        onClick={() => inventory.send({ type: 'pay-with-card.opened', signedIn: session.signedIn })}
      >
        <Trans>Pay with card</Trans>
      </Button>
      {payment.paymentProducts ? (
        payment.paymentProducts.length === 0 ? (
          <Notice tone="info">
            <Trans>This machine has no products to pay with a card.</Trans>
          </Notice>
        ) : (
          <ul className="vendo-list" aria-label={t`Products to pay with a card`}>
            {payment.paymentProducts.map((item) => (
              <li key={item.id}>
                <ListButton
                  title={item.name}
                  subtitle={formatMoney(item.price, currentLocale(), machine.country.currency_iso)}
                  onSelect={() =>
                    buy.flow.send({
                      type: 'buy.requested',
                      request: { product: item, saleType: SaleType.sale, anyProduct: false },
                    })
                  }
                />
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/** The touchless keypad (spec §4, §7): a member's session with the machine, and why the keys are off when they are. */
function MachineKeypad({ machineName, token }: { machineName: string; token: string | null }) {
  const { t } = useLingui();
  const waiting = !useHydrated();
  const openLogin = useOpenLogin();
  const platform = usePlatform();
  const socket = platform.keypadSocket ?? browserKeypadSocket();
  const keypad = useFlow(keypadMachine, { socket: keypadSocket(socket) }, { machineName, token });
  const view = useSelector(keypad, keypadView);
  const names: Record<string, string> = { star: '*', hash: '#', return: t`Back`, cancel: t`Cancel` };
  const spoken: Record<string, string> = { star: t`Star`, hash: t`Hash` };
  const retry = (
    <Button
      variant="secondary"
      width="full"
      disabled={!view.canRetry}
      onClick={() => keypad.send({ type: 'keypad.retried' })}
    >
      <Trans>Try again</Trans>
    </Button>
  );
  return (
    <>
      {view.screen === 'connecting' ? (
        <p role="status">
          <Trans>Connecting to the machine's keypad…</Trans>
        </p>
      ) : null}
      {view.screen === 'signInNeeded' ? (
        <>
          <Notice tone="info">
            <Trans>Sign in to type on the machine's keypad: it answers one member at a time.</Trans>
          </Notice>
          <Button width="full" disabled={waiting} onClick={openLogin}>
            <Trans>Sign in to use the keypad</Trans>
          </Button>
        </>
      ) : null}
      {view.screen === 'machineBusy' ? (
        <>
          <Notice tone="warning">
            <Trans>Another member is using this machine's keypad. Try again when they have finished.</Trans>
          </Notice>
          {retry}
        </>
      ) : null}
      {view.screen === 'replaced' ? (
        <>
          <Notice tone="info">
            <Trans>
              You opened the keypad of another machine, so this one closed: you can use one machine's keypad at a time.
            </Trans>
          </Notice>
          <Button width="full" onClick={() => keypad.send({ type: 'keypad.retried' })}>
            <Trans>Use this machine's keypad</Trans>
          </Button>
        </>
      ) : null}
      {view.screen === 'tooMany' ? (
        <>
          <Notice tone="warning">
            <Trans>Too many connections to this keypad. You can try again in a moment.</Trans>
          </Notice>
          {retry}
        </>
      ) : null}
      {view.tooFast ? (
        <p role="status">
          <Trans>That key did not reach the machine: press it again, a little slower.</Trans>
        </p>
      ) : null}
      <Keypad
        label={t`Machine keypad`}
        keys={KEYPAD_LAYOUT.map((key) => ({ key, label: names[key] ?? key, accessibleLabel: spoken[key] }))}
        onPress={(key) => keypad.send({ type: 'key.pressed', key: key as (typeof KEYPAD_LAYOUT)[number] })}
        disabled={!view.keysEnabled}
      />
      <Modal
        open={view.screen === 'expired'}
        title={t`Session expired`}
        closeLabel={t`Close`}
        onClose={() => window.location.reload()}
      >
        <p>
          {view.expiry === 'idle' ? (
            <Trans>No key was pressed for a while, so the machine closed the keypad session.</Trans>
          ) : view.expiry === 'timeUp' ? (
            <Trans>The keypad session reached its time limit, so the machine closed it.</Trans>
          ) : (
            <Trans>The machine closed the keypad session.</Trans>
          )}
        </p>
        <Button width="full" onClick={() => window.location.reload()}>
          <Trans>Click to reconnect</Trans>
        </Button>
      </Modal>
    </>
  );
}
