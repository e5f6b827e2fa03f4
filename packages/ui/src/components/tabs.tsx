import { type KeyboardEvent, type MouseEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem {
  id: string;
  label: string;
  /**
   * The address that opens the page on this tab: the tab is then a link, which works before any script
   * has run (a server-drawn page); once the page runs, choosing it calls onSelect instead.
   */
  href?: string;
}

export interface TabsProps {
  /** Names the tab list for screen readers, already translated. */
  label: string;
  tabs: TabItem[];
  selected: string;
  onSelect(id: string): void;
  /** The selected tab's panel; only it is rendered. */
  children: ReactNode;
  /** Every tab refuses to be chosen, e.g. on a server-drawn page the app has not taken over yet. */
  disabled?: boolean;
}

/**
 * WAI-ARIA tabs with automatic activation: arrows, Home and End move focus and select at once,
 * and only the selected tab is in the Tab order (roving tabindex).
 * https://www.w3.org/WAI/ARIA/apg/patterns/tabs/
 */
export function Tabs({ label, tabs, selected, onSelect, children, disabled = false }: TabsProps) {
  const baseId = useId();
  const tabRefs = useRef<(HTMLElement | null)[]>([]);
  const selectedIndex = tabs.findIndex((tab) => tab.id === selected);
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = `${baseId}-panel`;

  function moveTo(index: number) {
    const tab = tabs[index];
    if (!tab) return;
    onSelect(tab.id);
    tabRefs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>, index: number) {
    const last = tabs.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  }

  return (
    <div className="vendo-tabs">
      <div role="tablist" aria-label={label} className="vendo-tabs__list">
        {tabs.map((tab, index) => {
          const isSelected = index === selectedIndex;
          const props = {
            ref: (element: HTMLElement | null) => {
              tabRefs.current[index] = element;
            },
            role: 'tab',
            id: tabId(index),
            className: 'vendo-tabs__tab',
            'aria-selected': isSelected,
            'aria-controls': isSelected ? panelId : undefined,
            // With nothing selected, the first tab stays reachable.
            tabIndex: isSelected || (selectedIndex === -1 && index === 0) ? 0 : -1,
            onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKeyDown(event, index),
          };
          const select = (event: MouseEvent) => {
            event.preventDefault();
            onSelect(tab.id);
          };
          return tab.href !== undefined && !disabled ? (
            <a key={tab.id} {...props} href={tab.href} onClick={select}>
              {tab.label}
            </a>
          ) : (
            <button key={tab.id} {...props} type="button" disabled={disabled} onClick={select}>
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={selectedIndex === -1 ? undefined : tabId(selectedIndex)}
        className="vendo-tabs__panel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tabs pattern makes the panel focusable, so text-only panels are one Tab away.
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
