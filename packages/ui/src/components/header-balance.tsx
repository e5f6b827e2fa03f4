import type { ComponentProps } from 'react';
import { HeaderButton } from './header-button.tsx';

export interface HeaderBalanceProps extends Omit<ComponentProps<'button'>, 'children' | 'aria-label'> {
  /** The balance as the member reads it, e.g. "$367.00 + $10.00 de regalo". */
  label: string;
  /** A smaller second line under it, read out after it, e.g. money still on its way; none when null. */
  detail?: string | null | undefined;
}

/** The header's balance button: the balance, and under it what is still on its way when there is some. */
export function HeaderBalance({ label, detail, className, type = 'button', ...rest }: HeaderBalanceProps) {
  if (!detail) return <HeaderButton {...rest} type={type} label={label} className={className} />;
  const classes = ['vendo-header__button', 'vendo-header__button--detailed', className].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes}>
      <span>{label}</span> <small className="vendo-header__detail">{detail}</small>
    </button>
  );
}
