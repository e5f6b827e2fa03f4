export interface CountdownProps {
  /** Seconds left; the caller's flow owns the clock, this only shows it. */
  seconds: number;
  /** Turns the seconds into translated text, e.g. (s) => t`Reenviar en ${s} s`. */
  children: (seconds: number) => string;
}

/** A countdown that screen readers hear without being interrupted (aria-live="polite"). */
export function Countdown({ seconds, children }: CountdownProps) {
  // A late tick must not show "-1".
  const shown = Math.max(0, Math.ceil(seconds));
  return (
    <span className="vendo-countdown" aria-live="polite" aria-atomic="true">
      {children(shown)}
    </span>
  );
}
