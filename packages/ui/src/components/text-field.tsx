import type { ComponentProps, ReactNode } from 'react';
import { useFieldDescription } from '../hooks/use-field-description.ts';
import { FieldMessages } from './field-messages.tsx';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'children'> {
  /** Visible label, already translated. */
  label: ReactNode;
  /** Already translated; marks the input invalid and is read after the label. */
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled text input. `className` goes on the wrapper; every other prop goes on the <input>. */
export function TextField({
  label,
  error,
  hint,
  id,
  className,
  'aria-describedby': describedBy,
  ...rest
}: TextFieldProps) {
  const field = useFieldDescription({ id, hint, error, describedBy });
  return (
    <div className={className ? `vendo-field ${className}` : 'vendo-field'}>
      <label className="vendo-field__label" htmlFor={field.controlId}>
        {label}
      </label>
      <input
        className="vendo-input"
        {...rest}
        id={field.controlId}
        aria-invalid={field.ariaInvalid ?? rest['aria-invalid']}
        aria-describedby={field.ariaDescribedBy}
      />
      <FieldMessages hint={hint} hintId={field.hintId} error={error} errorId={field.errorId} />
    </div>
  );
}
