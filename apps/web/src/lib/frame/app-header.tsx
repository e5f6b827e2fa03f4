import { useLingui } from '@lingui/react/macro';
import { Header, HeaderButton, MenuIcon } from '@vendo/ui';
import type { ReactNode } from 'react';
import { useHydrated } from '../hydration.ts';
import { useSession } from '../session.tsx';
import { useShell } from './shell-context.tsx';
import { useOpenLogin } from './sign-in-request.ts';

/**
 * The header frame every screen uses: on the left the side menu when signed in,
 * a login button when not (spec §2; screens may put something else there), a
 * centre and a right slot.
 */
export function AppHeader({ left, center, right }: { left?: ReactNode; center?: ReactNode; right?: ReactNode }) {
  const session = useSession();
  const shell = useShell();
  const openLogin = useOpenLogin();
  const { t } = useLingui();
  // A server-drawn page's buttons wait for the app to take it over: until then a tap would do nothing.
  const waiting = !useHydrated();
  const menu = session.signedIn ? (
    <HeaderButton label={t`Open the menu`} icon={<MenuIcon />} onClick={shell.openMenu} disabled={waiting} />
  ) : (
    <HeaderButton label={t`Sign in`} onClick={openLogin} disabled={waiting} />
  );
  return (
    <Header
      left={left === undefined ? menu : left}
      center={center ?? <span className="vendo-brand">Vendo</span>}
      right={right}
    />
  );
}
