import { useLingui } from '@lingui/react/macro';
import { displayMachineName, formatMoney } from '@vendo/core';
import { HeaderBalance, HeaderButton } from '@vendo/ui';
import { useLocation } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { useHydrated } from '../../lib/hydration.ts';
import { appLocaleOf } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * Spec §2 inventory header: @machine name in the centre (tap: choose another
 * machine), the balance on the right (tap: add funds) when signed in.
 */
export function MachineHeader() {
  const session = useSession();
  const [, navigate] = useLocation();
  const { t, i18n } = useLingui();
  const machine = session.machine;
  // Drawn by the server, they wait for the app as AppHeader's own do.
  const waiting = !useHydrated();
  const money = (amount: number) => formatMoney(amount, appLocaleOf(i18n.locale), session.currency);
  // Issue 36 point 3: bonus credit is shown apart from the member's own money.
  const balanceLabel = (own: number, bonus: number | null) =>
    bonus ? t`${money(own)} + ${money(bonus)} bonus` : money(own);
  return (
    <AppHeader
      center={
        machine ? (
          <HeaderButton
            label={displayMachineName(machine.name)}
            title={t`Choose another machine`}
            disabled={waiting}
            onClick={() => navigate(href('machineSelectionNew', { selectNew: 'new' }))}
          />
        ) : undefined
      }
      right={
        session.signedIn && session.balance !== null ? (
          <HeaderBalance
            label={balanceLabel(session.balance, session.bonus)}
            // Issue 37 point 1: store references not yet paid, apart from the money there is.
            detail={session.pending ? t`${money(session.pending)} to be credited` : null}
            title={t`Your balance: add funds`}
            disabled={waiting}
            onClick={() => navigate(href('topUp'))}
          />
        ) : undefined
      }
    />
  );
}
