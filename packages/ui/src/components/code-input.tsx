import { type ReactNode, useEffect, useRef } from 'react';
import { useFieldDescription } from '../hooks/use-field-description.ts';
import { FieldMessages } from './field-messages.tsx';

export interface CodeInputProps {
  label: ReactNode;
  /** How many digits the code has (spec §9: 4). */
  length?: number;
  value: string;
  /** Receives digits only, never more than `length` of them. */
  onChange(value: string): void;
  error?: string | undefined;
  autoFocus?: boolean;
  disabled?: boolean;
  /** The code was refused, its message shown elsewhere (above the boxes): invalid, and selected. */
  refused?: boolean;
  /** While the code is checked: unchangeable but still focused, so a phone keeps its keyboard open. */
  readOnly?: boolean;
  id?: string;
  name?: string;
}

function digitsOf(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length);
}

/**
 * A one-time code field drawn as boxes. It is ONE real input under the boxes (not one per digit)
 * so SMS autofill, paste, Backspace and screen readers all behave like any text field.
 */
export function CodeInput({
  label,
  length = 4,
  value,
  onChange,
  error,
  autoFocus = false,
  disabled,
  readOnly,
  refused = false,
  id,
  name,
}: CodeInputProps) {
  const field = useFieldDescription({ id, hint: undefined, error, describedBy: undefined });
  const inputRef = useRef<HTMLInputElement>(null);
  const digits = digitsOf(value, length);
  const positions = Array.from({ length }, (_, position) => position);

  // Focused on mount through the ref rather than the autofocus attribute, which React would
  // otherwise apply on every remount of the screen and which linters flag for good reason.
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  // A refused code stays in the field, focused and selected: the next digit typed replaces it, and
  // the phone's keyboard never closes between tries.
  const invalid = Boolean(error) || refused;
  useEffect(() => {
    if (!invalid) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [invalid]);

  return (
    <div className="vendo-field">
      <label className="vendo-field__label" htmlFor={field.controlId}>
        {label}
      </label>
      <div className="vendo-code__boxes">
        <input
          ref={inputRef}
          id={field.controlId}
          name={name}
          className="vendo-code__input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={length}
          value={digits}
          disabled={disabled}
          readOnly={readOnly}
          onChange={(event) => onChange(digitsOf(event.target.value, length))}
          aria-invalid={invalid || undefined}
          aria-describedby={field.ariaDescribedBy}
        />
        {positions.map((position) => (
          <span
            key={position}
            aria-hidden="true"
            className={
              position === Math.min(digits.length, length - 1)
                ? 'vendo-code__box vendo-code__box--next'
                : 'vendo-code__box'
            }
          >
            {digits[position] ?? ''}
          </span>
        ))}
      </div>
      <FieldMessages error={error} errorId={field.errorId} />
    </div>
  );
}
