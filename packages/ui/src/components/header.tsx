import type { ReactNode } from 'react';

export interface HeaderProps {
  /** Usually the menu or back button. */
  left?: ReactNode;
  /** Usually the screen title or the logo. */
  center?: ReactNode;
  /** Usually the balance or a secondary action. */
  right?: ReactNode;
}

/** The app bar: three slots, the centre one kept centred whatever the sides hold. */
export function Header({ left, center, right }: HeaderProps) {
  return (
    <header className="vendo-header">
      <div className="vendo-header__left">{left}</div>
      <div className="vendo-header__center">{center}</div>
      <div className="vendo-header__right">{right}</div>
    </header>
  );
}
