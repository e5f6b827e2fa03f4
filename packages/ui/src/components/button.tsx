import type { ComponentProps } from 'react';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export interface ButtonProps extends ComponentProps<'button'> {
  /** sm/md/lg are the brand widths (8, 12.5, 16.5rem); full fills its container. */
  width?: 'sm' | 'md' | 'lg' | 'full';
  variant?: ButtonVariant;
  /** While true the button cannot be pressed again and shows a spinner. */
  busy?: boolean;
  /** Already translated text the spinner announces, e.g. "Enviando…". */
  busyLabel?: string;
}

export function Button({
  width,
  variant = 'primary',
  busy = false,
  busyLabel,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = ['vendo-button', `vendo-button--${variant}`];
  if (width) classes.push(`vendo-button--${width}`);
  if (className) classes.push(className);
  return (
    <button
      {...rest}
      // "button" by default: a form submits only through a button that says so.
      type={type}
      className={classes.join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy &&
        (busyLabel ? <Spinner label={busyLabel} /> : <span className="vendo-spinner__circle" aria-hidden="true" />)}
      {children}
    </button>
  );
}
