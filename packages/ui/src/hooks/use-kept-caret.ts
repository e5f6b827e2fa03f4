import { useCallback, useLayoutEffect, useReducer, useRef } from 'react';

interface Typed {
  /** The input's text as the member left it, before it was re-formatted. */
  readonly text: string;
  /** How many digits stood before the caret in that text. */
  readonly digitsBefore: number;
  readonly deleting: boolean;
}

const countDigits = (text: string) => text.replace(/\D/g, '').length;

/**
 * Where the caret goes in `text`: just after its `digits`-th digit; moving forward it also steps over
 * the separators that follow (a slash just added), deleting it stays before them.
 */
function caretAfterDigits(text: string, digits: number, forward: boolean): number {
  let at = 0;
  for (let seen = 0; at < text.length && seen < digits; at++) {
    if (/\d/.test(text.charAt(at))) seen++;
  }
  if (forward && digits > 0) {
    while (at < text.length && /\D/.test(text.charAt(at))) at++;
  }
  return at;
}

/**
 * Keeps the caret of a re-formatted input where the member left it (issue 15 point 19). When a controlled
 * input gets a value other than what was typed (slashes added, digits moved up after a deletion), the
 * browser puts the caret at the end; this puts it back after the same number of digits once the new
 * value is on screen. Call `typed(input)` from `onChange`, before handing on the formatted value, and
 * give `ref` to the input.
 */
export function useKeptCaret() {
  const ref = useRef<HTMLInputElement>(null);
  const shown = useRef<string | null>(null);
  const pending = useRef<Typed | null>(null);
  // A formatted value equal to the last one changes no state, yet React still writes it back over what was
  // typed: render anyway so the effect below runs after that write.
  const [, rendered] = useReducer((count: number) => count + 1, 0);

  useLayoutEffect(() => {
    const input = ref.current;
    const typed = pending.current;
    pending.current = null;
    if (!input) return;
    shown.current = input.value;
    if (!typed || input.value === typed.text || input.ownerDocument.activeElement !== input) return;
    const at = caretAfterDigits(input.value, typed.digitsBefore, !typed.deleting);
    input.setSelectionRange(at, at);
  });

  const typed = useCallback((input: HTMLInputElement) => {
    const text = input.value;
    pending.current = {
      text,
      digitsBefore: countDigits(text.slice(0, input.selectionStart ?? text.length)),
      deleting: text.length < (shown.current ?? '').length,
    };
    rendered();
  }, []);

  return { ref, typed };
}
