import type { ComponentProps, ReactNode } from 'react';
import { useFieldDescription } from '../hooks/use-field-description.ts';
import { FieldMessages } from './field-messages.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  label: ReactNode;
  options: SelectOption[];
  /** Shown first with the empty value, e.g. "Elige un año"; it cannot be picked again. */
  placeholder?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled native <select>: the phone's own picker is the best one on mobile. */
export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  id,
  className,
  value,
  defaultValue,
  'aria-describedby': describedBy,
  ...rest
}: SelectProps) {
  const field = useFieldDescription({ id, hint, error, describedBy });
  // Uncontrolled with a placeholder: start on it rather than on the first real option.
  const initial = value === undefined && defaultValue === undefined && placeholder !== undefined ? '' : defaultValue;
  return (
    <div className={className ? `vendo-field ${className}` : 'vendo-field'}>
      <label className="vendo-field__label" htmlFor={field.controlId}>
        {label}
      </label>
      <select
        className="vendo-select"
        {...rest}
        {...(value === undefined ? { defaultValue: initial } : { value })}
        id={field.controlId}
        aria-invalid={field.ariaInvalid ?? rest['aria-invalid']}
        aria-describedby={field.ariaDescribedBy}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages hint={hint} hintId={field.hintId} error={error} errorId={field.errorId} />
    </div>
  );
}
