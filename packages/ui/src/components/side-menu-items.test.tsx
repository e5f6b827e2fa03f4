import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SideMenu, type SideMenuItem, type SideMenuProps } from './side-menu.tsx';

const items: SideMenuItem[] = [
  { id: 'cards', label: 'Mis tarjetas', href: '/cards' },
  { id: 'help', label: 'Ayuda', href: 'https://example.com/help', external: true },
  { id: 'logout', label: 'Cerrar sesión', onSelect: vi.fn() },
];

/**
 * jsdom cannot follow links (it logs "navigation not implemented"), so links the menu leaves to the
 * browser are stopped at the document, after recording whether the menu had already prevented them.
 */
const preventedByMenu: boolean[] = [];
function stopAtDocument(event: MouseEvent) {
  preventedByMenu.push(event.defaultPrevented);
  event.preventDefault();
}
function leaveLinksToTheBrowser() {
  document.addEventListener('click', stopAtDocument);
}
afterEach(() => {
  document.removeEventListener('click', stopAtDocument);
  preventedByMenu.length = 0;
});

function renderMenu(props: Partial<SideMenuProps> = {}) {
  return render(
    <SideMenu
      open
      title="Menú"
      onClose={() => {}}
      closeLabel="Cerrar menú"
      items={items}
      onNavigate={() => {}}
      {...props}
    />,
  );
}

describe('SideMenu items', () => {
  it('routes a plain click on an internal link through onNavigate', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    renderMenu({ onNavigate });

    await user.click(screen.getByRole('link', { name: 'Mis tarjetas' }));

    expect(onNavigate).toHaveBeenCalledWith('/cards');
  });

  it('keeps the browser from following an internal link itself', () => {
    leaveLinksToTheBrowser();
    renderMenu();

    fireEvent.click(screen.getByRole('link', { name: 'Mis tarjetas' }));

    expect(preventedByMenu).toEqual([true]);
  });

  it('gives internal links a real href', () => {
    renderMenu();

    expect(screen.getByRole('link', { name: 'Mis tarjetas' })).toHaveAttribute('href', '/cards');
  });

  it('leaves a Ctrl+click on an internal link to the browser', () => {
    leaveLinksToTheBrowser();
    const onNavigate = vi.fn();
    renderMenu({ onNavigate });

    fireEvent.click(screen.getByRole('link', { name: 'Mis tarjetas' }), { ctrlKey: true });

    expect(preventedByMenu).toEqual([false]);
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('opens external links in a new tab without the opener', () => {
    renderMenu();

    const link = screen.getByRole('link', { name: 'Ayuda' });
    expect(link).toHaveAttribute('href', 'https://example.com/help');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('does not route external links through onNavigate', async () => {
    const user = userEvent.setup();
    leaveLinksToTheBrowser();
    const onNavigate = vi.fn();
    renderMenu({ onNavigate });

    await user.click(screen.getByRole('link', { name: 'Ayuda' }));

    expect(onNavigate).not.toHaveBeenCalled();
    expect(preventedByMenu).toEqual([false]);
  });

  it('renders action items as buttons that call onSelect', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderMenu({ items: [{ id: 'logout', label: 'Cerrar sesión', onSelect }] });

    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));

    expect(onSelect).toHaveBeenCalledOnce();
  });
});
