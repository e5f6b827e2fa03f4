import type { ReactNode } from 'react';

/** Labelled values, as an account or a past purchase is shown: each row its label and its value. */
export function DetailList({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="vendo-list">
      {rows.map(([label, value]) => (
        <div key={label} className="vendo-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
