import { type MouseEvent, type ReactNode, useId, useRef } from 'react';
import { useModalDialog } from '../hooks/use-modal-dialog.ts';
import { ThemedPortal } from '../theme/themed-portal.tsx';
import { DialogHeader } from './dialog-header.tsx';

/** A page of the app (or, with `external`, another site opened in a new tab). */
export interface SideMenuLink {
  id: string;
  label: string;
  href: string;
  external?: boolean;
}

/** Something to do rather than somewhere to go, e.g. "Cerrar sesión". */
export interface SideMenuAction {
  id: string;
  label: string;
  onSelect(): void;
}

export type SideMenuItem = SideMenuLink | SideMenuAction;

export interface SideMenuProps {
  open: boolean;
  title: string;
  onClose(): void;
  closeLabel: string;
  items: SideMenuItem[];
  /**
   * Internal links are real <a href> (so they can be opened in a new tab) but a plain click routes
   * through here; the caller navigates and usually closes the menu.
   */
  onNavigate(href: string): void;
  /** E.g. the language switch and the version text. */
  footer?: ReactNode;
}

/** The navigation drawer: a native modal `<dialog>` holding a <nav>, opened and closed as Modal is. */
export function SideMenu({ open, ...props }: SideMenuProps) {
  return open ? (
    <ThemedPortal>
      <SideMenuDrawer {...props} />
    </ThemedPortal>
  ) : null;
}

function SideMenuDrawer({ title, onClose, closeLabel, items, onNavigate, footer }: Omit<SideMenuProps, 'open'>) {
  const titleId = useId();
  const drawerRef = useRef<HTMLDialogElement>(null);
  useModalDialog(drawerRef, onClose);

  // The panel fills the dialog, so a click on the dialog itself is a click on its ::backdrop.
  function onBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    // Tapping beside the drawer closes it, as on every phone; keyboards have Escape and the close button.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape arrives as the dialog's cancel event.
    <dialog ref={drawerRef} aria-labelledby={titleId} className="vendo-drawer" tabIndex={-1} onClick={onBackdropClick}>
      <div className="vendo-drawer__panel">
        <DialogHeader id={titleId} title={title} closeLabel={closeLabel} onClose={onClose} block="vendo-drawer" />
        <nav aria-labelledby={titleId} className="vendo-drawer__nav">
          <ul className="vendo-drawer__list">
            {items.map((item) => (
              <li key={item.id}>
                <SideMenuEntry item={item} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </nav>
        {footer && <div className="vendo-drawer__footer">{footer}</div>}
      </div>
    </dialog>
  );
}

function SideMenuEntry({ item, onNavigate }: { item: SideMenuItem; onNavigate(href: string): void }) {
  if ('onSelect' in item) {
    return (
      <button type="button" className="vendo-drawer__item" onClick={item.onSelect}>
        {item.label}
      </button>
    );
  }
  if (item.external) {
    return (
      <a className="vendo-drawer__item" href={item.href} target="_blank" rel="noopener noreferrer">
        {item.label}
      </a>
    );
  }
  const { href } = item;
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // Let the browser keep new-tab, new-window and download clicks; route only a plain click.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(href);
  }
  return (
    <a className="vendo-drawer__item" href={href} onClick={onClick}>
      {item.label}
    </a>
  );
}
