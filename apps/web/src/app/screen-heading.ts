/**
 * After a navigation, the new screen names the page and takes the focus, as a new page would: the tab's
 * title is the screen's heading (already in the member's language), and a screen reader reads the
 * heading instead of staying on the link that was tapped. A screen whose heading comes after its
 * data is waited for (up to a few seconds).
 */
export function announceScreen(moveFocus: boolean): () => void {
  const announce = () => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return false;
    document.title = `${heading.textContent} · Vendo`;
    // A screen that put the focus somewhere itself (a code input that opens the keyboard) keeps it.
    if (moveFocus && !heading.closest('main')?.contains(document.activeElement)) {
      heading.tabIndex = -1;
      heading.focus();
    }
    return true;
  };
  if (announce()) return () => {};
  const observer = new MutationObserver(() => {
    if (announce()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const stop = setTimeout(() => observer.disconnect(), 5000);
  return () => {
    clearTimeout(stop);
    observer.disconnect();
  };
}
