export interface CodeDisplayProps {
  /** What to do with the code, e.g. "Type this number on the machine". */
  label: string;
  code: string;
}

/** A code the member types elsewhere (a selection number, a user code): large, bold, read digit by digit. */
export function CodeDisplay({ label, code }: CodeDisplayProps) {
  return (
    <p className="vendo-code-display">
      <span className="vendo-code-display__label">{label}</span>
      <strong className="vendo-code-display__code">
        <span aria-hidden="true">{code}</span>
        <span className="vendo-visually-hidden">{code.split('').join(' ')}</span>
      </strong>
    </p>
  );
}
