interface FieldMessagesProps {
  hint?: string | undefined;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
}

/** The hint and error lines under a form field; their ids come from useFieldDescription. */
export function FieldMessages({ hint, hintId, error, errorId }: FieldMessagesProps) {
  return (
    <>
      {hint && (
        <p id={hintId} className="vendo-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="vendo-field__error">
          {error}
        </p>
      )}
    </>
  );
}
