import { useLingui } from '@lingui/react/macro';
import { displayMachineName, formatMoney } from '@vendo/core';
import { HeaderButton } from '@vendo/ui';
import { useLocation } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * Spec §2 inventory header: @machine name in the centre (tap: choose another
 * machine), the balance on the right (tap: add funds) when signed in.
 */
export function MachineHeader() {
  const session = useSession();
  const [, navigate] = useLocation();
  const { t } = useLingui();
  const machine = session.machine;
  const currency = machine?.country.currency_iso ?? 'MXN';
  return (
    <AppHeader
      center={
        machine ? (
          <HeaderButton
            label={displayMachineName(machine.name)}
            title={t`Choose another machine`}
            onClick={() => navigate(href('machineSelectionNew', { selectNew: 'new' }))}
          />
        ) : undefined
      }
      right={
        session.signedIn && session.balance !== null ? (
          <HeaderButton
            label={formatMoney(session.balance, currentLocale(), currency)}
            title={t`Your balance: add funds`}
            onClick={() => navigate(href('topUp'))}
          />
        ) : undefined
      }
    />
  );
}
