import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

interface ShellState {
  readonly menuOpen: boolean;
  readonly openMenu: () => void;
  readonly closeMenu: () => void;
}

const ShellContext = createContext<ShellState | null>(null);

/** Whether the side menu is open: presentational state of the frame, not of any flow. */
export function ShellProvider({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const value = useMemo(
    () => ({ menuOpen, openMenu: () => setMenuOpen(true), closeMenu: () => setMenuOpen(false) }),
    [menuOpen],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellState {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside ShellProvider');
  return shell;
}
