import type { ComponentProps } from 'react';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

interface ButtonLook {
  /** sm/md/lg are the brand widths (8, 12.5, 16.5rem); full fills its container. */
  width?: 'sm' | 'md' | 'lg' | 'full';
  variant?: ButtonVariant;
}

function buttonClasses({ width, variant = 'primary' }: ButtonLook, className: string | undefined): string {
  const classes = ['vendo-button', `vendo-button--${variant}`];
  if (width) classes.push(`vendo-button--${width}`);
  if (className) classes.push(className);
  return classes.join(' ');
}

export interface ButtonProps extends ComponentProps<'button'>, ButtonLook {
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
  return (
    <button
      {...rest}
      // "button" by default: a form submits only through a button that says so.
      type={type}
      className={buttonClasses({ width, variant }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy &&
        (busyLabel ? <Spinner label={busyLabel} /> : <span className="vendo-spinner__circle" aria-hidden="true" />)}
      {children}
    </button>
  );
}

export interface LinkButtonProps extends ComponentProps<'a'>, ButtonLook {
  /** Opens in a new tab, with no way back to this page from there (an http(s) address of another site). */
  external?: boolean;
}

/** A link that looks like a button: where pressing it goes to another page rather than doing something. */
export function LinkButton({ width, variant, external = false, className, children, ...rest }: LinkButtonProps) {
  return (
    <a
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
      className={buttonClasses({ width, variant }, className)}
    >
      {children}
    </a>
  );
}
