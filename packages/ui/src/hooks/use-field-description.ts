import { useId } from 'react';

interface FieldDescriptionInput {
  id: string | undefined;
  hint: string | undefined;
  error: string | undefined;
  /** Whatever the caller already pointed aria-describedby at; kept in front of ours. */
  describedBy: string | undefined;
}

/**
 * The ids that tie a control to its label, hint and error, shared by every form field so they
 * announce the same way: the hint and the error are read after the label, and an error marks the
 * control invalid.
 */
export function useFieldDescription({ id, hint, error, describedBy }: FieldDescriptionInput) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const ariaDescribedBy = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, ariaDescribedBy, ariaInvalid: error ? true : undefined };
}
