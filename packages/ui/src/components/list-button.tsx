import type { ReactNode } from 'react';

export interface ListButtonProps {
  /** Already translated, e.g. the machine's name. */
  title: string;
  /** E.g. where the machine stands. */
  subtitle?: string;
  onSelect(): void;
  /**
   * Shown at the end of the row, e.g. a chevron or "Hace 2 días". It sits inside the button, so it
   * must not be a control itself; its text joins the button's name.
   */
  trailing?: ReactNode;
}

/** A full-width row of a list that does something when pressed, e.g. a recently used machine. */
export function ListButton({ title, subtitle, onSelect, trailing }: ListButtonProps) {
  // The spaces are for screen readers, so the name reads "Máquina 42 Estación Norte"; flex layout
  // drops them on screen.
  return (
    <button type="button" className="vendo-list-button" onClick={() => onSelect()}>
      <span className="vendo-list-button__text">
        <span className="vendo-list-button__title">{title}</span>{' '}
        {subtitle && <span className="vendo-list-button__subtitle">{subtitle}</span>}
      </span>{' '}
      {trailing && <span className="vendo-list-button__trailing">{trailing}</span>}
    </button>
  );
}
