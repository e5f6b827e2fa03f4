import type { ComponentProps, ReactNode } from 'react';

export interface HeaderButtonProps extends Omit<ComponentProps<'button'>, 'children' | 'aria-label'> {
  /** Always the accessible name: shown as text, or read out when the button shows an icon. */
  label: string;
  /** A glyph shown instead of the label, e.g. <MenuIcon />. */
  icon?: ReactNode;
}

/** A header control: an icon with a spoken name, or plain text. */
export function HeaderButton({ label, icon, className, type = 'button', ...rest }: HeaderButtonProps) {
  const classes = className ? `vendo-header__button ${className}` : 'vendo-header__button';
  if (icon) {
    return (
      <button {...rest} type={type} className={classes} aria-label={label}>
        <span aria-hidden="true" className="vendo-header__icon">
          {icon}
        </span>
      </button>
    );
  }
  return (
    <button {...rest} type={type} className={classes}>
      {label}
    </button>
  );
}
