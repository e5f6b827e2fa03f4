import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@vendo/ui';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { href, openAtEmployeeGate, type PathName, paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';

/**
 * The common guard of spec §2: member-only pages return to `/` without a token;
 * `/` sends a signed-in member to the inventory when a machine is chosen, else
 * to machine selection. Until the stored session is read, nothing redirects.
 */
export function Guard({ name, children }: { name: PathName; children: ReactNode }) {
  const session = useSession();
  const { access } = paths[name];
  const { t } = useLingui();
  if (session.restoring) {
    return (
      <main className="vendo-page vendo-page--center">
        <Spinner label={t`Loading…`} />
      </main>
    );
  }
  if (access === 'member' && !session.signedIn) return <Redirect to={href('signIn')} replace />;
  // Spec §2/§6: on an employee-number machine a member without one stays on /edit-profile until it is
  // filled, or chooses another machine.
  if (session.needsEmployeeNumber && !openAtEmployeeGate.has(name)) {
    return <Redirect to={href('editProfile')} replace />;
  }
  if (access === 'signIn' && session.signedIn) {
    return <Redirect to={href(session.machineChosen ? 'machineInventory' : 'machineSelection')} replace />;
  }
  return <>{children}</>;
}
