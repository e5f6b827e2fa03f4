import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem {
  id: string;
  label: string;
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
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = tabs.findIndex((tab) => tab.id === selected);
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = `${baseId}-panel`;

  function moveTo(index: number) {
    const tab = tabs[index];
    if (!tab) return;
    onSelect(tab.id);
    tabRefs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
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
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(index)}
              className="vendo-tabs__tab"
              disabled={disabled}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              // With nothing selected, the first tab stays reachable.
              tabIndex={isSelected || (selectedIndex === -1 && index === 0) ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
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
