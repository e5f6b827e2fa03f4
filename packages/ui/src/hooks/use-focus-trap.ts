import { type RefObject, useEffect, useRef } from 'react';

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Focusable elements in DOM order; layout is not consulted so it works the same in jsdom. */
function focusablesIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

/**
 * Keeps keyboard focus inside a modal surface while `active`: moves focus in on activation (to the
 * first `[data-autofocus]` element, else the first focusable one, else the container), wraps Tab and
 * Shift+Tab at the ends, calls `onEscape` on Escape, and gives focus back to whatever had it before.
 * Listens on the container itself, so a dialog opened from inside another one owns its own keys.
 */
export function useFocusTrap(containerRef: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void) {
  // The latest callback without re-running the effect (and re-stealing focus) on every render.
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    const first = container.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(container)[0] ?? container;
    first.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !container) return;
      const focusables = focusablesIn(container);
      const firstFocusable = focusables[0];
      const lastFocusable = focusables.at(-1);
      if (!firstFocusable || !lastFocusable) {
        event.preventDefault();
        return;
      }
      const current = document.activeElement;
      if (event.shiftKey && (current === firstFocusable || current === container)) {
        event.preventDefault();
        lastFocusable.focus();
      } else if (!event.shiftKey && current === lastFocusable) {
        event.preventDefault();
        firstFocusable.focus();
      }
    }

    container.addEventListener('keydown', onKeyDown);
    return () => {
      container.removeEventListener('keydown', onKeyDown);
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [active, containerRef]);
}
