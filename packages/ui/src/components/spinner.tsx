export interface SpinnerProps {
  /** Already translated, e.g. "Cargando…"; read by screen readers, hidden on screen. */
  label: string;
}

/** A busy indicator that announces its label politely (role="status"). */
export function Spinner({ label }: SpinnerProps) {
  return (
    <span role="status" className="vendo-spinner">
      <span className="vendo-spinner__circle" aria-hidden="true" />
      <span className="vendo-visually-hidden">{label}</span>
    </span>
  );
}
