import { type RefCallback, startTransition, useCallback, useState } from 'react';

export interface RevealOptions {
  /** How many to show in the first paint. */
  first: number;
  /** How many more each time the end of what is shown comes near the screen. */
  step: number;
}

/** How far below the screen the end of the list counts as near: one screen. */
const NEAR = '0px 0px 100% 0px';

/**
 * Calls `onNear` once, when `element` comes within a screen of the viewport, as measured after layout;
 * where the browser cannot tell what is near (no IntersectionObserver), in the next task. Returns the
 * cleanup, as a ref callback does.
 */
export function whenNear(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    const handle = setTimeout(onNear, 0);
    return () => clearTimeout(handle);
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        onNear();
      }
    },
    { rootMargin: NEAR },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * How many of `total` things to render: `first` at once, then `step` more each time the element given
 * to `endRef` (placed after the last one shown, keyed by `count` so every piece brings a new one) is
 * within a screen of the viewport. Each new end element is measured after layout, so the list
 * grows exactly as far as the member has scrolled and no further. Where the browser cannot tell what is
 * near (no IntersectionObserver), the rest arrives a piece at a time anyway.
 */
export function useRevealWhileNear(total: number, { first, step }: RevealOptions) {
  const [count, setCount] = useState(first);

  const endRef: RefCallback<Element> = useCallback(
    // A transition, so a tap or a scroll is never stuck behind the next piece.
    (end) => (end ? whenNear(end, () => startTransition(() => setCount((shown) => shown + step))) : undefined),
    [step],
  );

  return { count: Math.min(count, total), endRef };
}
