import type { ComponentProps, ReactNode } from 'react';
import { useFieldDescription } from '../hooks/use-field-description.ts';
import { FieldMessages } from './field-messages.tsx';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'children'> {
  /** May hold links, e.g. "Acepto los <a>términos</a>". */
  label: ReactNode;
  error?: string | undefined;
}

/** A checkbox whose whole label row is the touch target. */
export function Checkbox({ label, error, id, className, 'aria-describedby': describedBy, ...rest }: CheckboxProps) {
  const field = useFieldDescription({ id, hint: undefined, error, describedBy });
  return (
    <div className={className ? `vendo-checkbox ${className}` : 'vendo-checkbox'}>
      <div className="vendo-checkbox__row">
        <input
          className="vendo-checkbox__input"
          {...rest}
          type="checkbox"
          id={field.controlId}
          aria-invalid={field.ariaInvalid ?? rest['aria-invalid']}
          aria-describedby={field.ariaDescribedBy}
        />
        <label className="vendo-checkbox__label" htmlFor={field.controlId}>
          {/* One inline box, so the spaces around a link inside the label survive the flex row. */}
          <span>{label}</span>
        </label>
      </div>
      <FieldMessages error={error} errorId={field.errorId} />
    </div>
  );
}
