/**
 * What a journey looks for, the way a member names it: a field by its label, a control by its role and the
 * words on it. Found in the page by `findInPage`, the same code in every engine.
 */
export interface Target {
  readonly role: 'button' | 'link' | 'tab' | 'radio' | 'checkbox' | 'heading' | 'field' | 'dialog';
  /** The accessible name, whole (spaces collapsed), or a pattern's source (`pattern: true`). */
  readonly name: string;
  readonly pattern?: boolean;
  /** Only inside the group (role="group" or fieldset) of this name. */
  readonly group?: string;
}

/** What `findInPage` answers: the element, or why none could be taken. */
export type Found = { element: Element; enabled: boolean } | { missing: string };

/**
 * Runs in the page (each driver sends its source): the one visible element of that role and name, or why
 * there is none. While a modal dialog is open only its content counts, as only it can be reached; an
 * element hidden, inert or under aria-hidden does not count. Two matches are an error, as in Playwright.
 * Self-contained: no closure, no import.
 */
export function findInPage(target: Target): Found {
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const byIds = (ids: string) =>
    squash(
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return byIds(labelledBy);
    const label = element.getAttribute('aria-label');
    if (label) return squash(label);
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) {
      const labels = [...(element.labels ?? [])].map((each) => squash(each.textContent));
      if (labels.length > 0) return labels.join(' ');
    }
    if (element instanceof HTMLTextAreaElement) return [...element.labels].map((l) => squash(l.textContent)).join(' ');
    if (element instanceof HTMLFieldSetElement) return squash(element.querySelector('legend')?.textContent);
    return squash(element.textContent);
  };
  const selectors: Record<Target['role'], string> = {
    button: 'button, [role="button"], input[type="button"], input[type="submit"]',
    link: 'a[href], [role="link"]',
    tab: '[role="tab"]',
    radio: 'input[type="radio"], [role="radio"]',
    checkbox: 'input[type="checkbox"], [role="checkbox"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    field: 'input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), select, textarea',
    dialog: 'dialog[open], [role="dialog"]',
  };
  // Radios and checkboxes are often drawn by their label while the input itself is visually hidden.
  const shown = (element: Element): boolean => {
    if (element.closest('[inert], [aria-hidden="true"]')) return false;
    const drawn =
      element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox')
        ? [element, ...(element.labels ?? [])]
        : [element];
    return drawn.some((each) => each.getClientRects().length > 0 && getComputedStyle(each).visibility !== 'hidden');
  };
  const wanted = target.pattern ? new RegExp(target.name) : null;
  const named = (element: Element) => {
    const name = nameOf(element);
    return wanted ? wanted.test(name) : name === target.name;
  };
  let scope: ParentNode = (target.role !== 'dialog' && document.querySelector('dialog:modal')) || document;
  if (target.group) {
    const group = [...scope.querySelectorAll('[role="group"], fieldset')].find(
      (each) => shown(each) && nameOf(each) === target.group,
    );
    if (!group) return { missing: `no group "${target.group}"` };
    scope = group;
  }
  const matches = [...scope.querySelectorAll(selectors[target.role])].filter(
    (element) => shown(element) && named(element),
  );
  if (matches.length === 0) return { missing: `no ${target.role} "${target.name}"` };
  if (matches.length > 1) return { missing: `${matches.length} of ${target.role} "${target.name}"` };
  const element = matches[0] as Element;
  const disabled =
    element.matches(':disabled') ||
    element.getAttribute('aria-disabled') === 'true' ||
    Boolean(element.closest('fieldset:disabled'));
  return { element, enabled: !disabled };
}

/** Runs in the page: whether the page shows this text to the member now (hidden text does not count). */
export function showsInPage(text: string): boolean {
  const squash = (value: string) => value.replace(/\s+/g, ' ');
  // biome-ignore lint/performance/useDomNodeTextContent: only the text drawn for the member counts, as innerText has it.
  return squash(document.body.innerText).includes(squash(text));
}
