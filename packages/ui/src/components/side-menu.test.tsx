import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SideMenu, type SideMenuItem, type SideMenuProps } from './side-menu.tsx';

const items: SideMenuItem[] = [
  { id: 'cards', label: 'Mis tarjetas', href: '/cards' },
  { id: 'help', label: 'Ayuda', href: 'https://example.com/help', external: true },
  { id: 'logout', label: 'Cerrar sesión', onSelect: vi.fn() },
];

function renderMenu(props: Partial<SideMenuProps> = {}) {
  return render(
    <>
      <button type="button">Fuera</button>
      <SideMenu
        open
        title="Menú"
        onClose={() => {}}
        closeLabel="Cerrar menú"
        items={items}
        onNavigate={() => {}}
        footer={<button type="button">English</button>}
        {...props}
      />
    </>,
  );
}

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir menú
      </button>
      <SideMenu
        open={open}
        title="Menú"
        onClose={() => setOpen(false)}
        closeLabel="Cerrar menú"
        items={items}
        onNavigate={() => {}}
      />
    </>
  );
}

describe('SideMenu', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders nothing when closed', () => {
    renderMenu({ open: false });

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a native dialog named by its title, opened with showModal (issue 15 point 27), holding a navigation list', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');

    renderMenu();

    const dialog = screen.getByRole('dialog', { name: 'Menú' });
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect(showModal.mock.contexts).toEqual([dialog]);
    expect(within(within(dialog).getByRole('navigation')).getAllByRole('listitem')).toHaveLength(3);
  });

  it('renders its footer inside the dialog', () => {
    renderMenu();

    expect(screen.getByRole('dialog')).toContainElement(screen.getByRole('button', { name: 'English' }));
  });

  it('moves focus into the drawer when it opens', () => {
    renderMenu();

    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });

  it('wraps Tab from the last control to the first', async () => {
    const user = userEvent.setup();
    renderMenu();
    screen.getByRole('button', { name: 'English' }).focus();

    await user.tab();

    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveFocus();
  });

  it('wraps Shift+Tab from the first control to the last', async () => {
    const user = userEvent.setup();
    renderMenu();
    screen.getByRole('button', { name: 'Cerrar menú' }).focus();

    await user.tab({ shift: true });

    expect(screen.getByRole('button', { name: 'English' })).toHaveFocus();
  });

  it('calls onClose on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderMenu({ onClose });

    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledOnce();
  });

  it('calls onClose from its close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderMenu({ onClose });

    await user.click(screen.getByRole('button', { name: 'Cerrar menú' }));

    expect(onClose).toHaveBeenCalledOnce();
  });

  it('calls onClose when the backdrop beside the drawer is tapped', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderMenu({ onClose });

    // A tap on a dialog's ::backdrop is a click whose target is the dialog itself.
    await user.click(screen.getByRole('dialog'));

    expect(onClose).toHaveBeenCalledOnce();
  });

  it('does not close when the drawer itself is clicked', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderMenu({ onClose });

    await user.click(screen.getByRole('heading', { name: 'Menú' }));

    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes the dialog (close) while it is still on the page, before taking it off (issue 15 point 27)', () => {
    const close = HTMLDialogElement.prototype.close;
    const closedOnPage: boolean[] = [];
    vi.spyOn(HTMLDialogElement.prototype, 'close').mockImplementation(function (this: HTMLDialogElement) {
      closedOnPage.push(this.isConnected && this.open);
      close.call(this);
    });
    const { rerender } = renderMenu();

    rerender(
      <SideMenu
        open={false}
        title="Menú"
        onClose={() => {}}
        closeLabel="Cerrar menú"
        items={items}
        onNavigate={() => {}}
      />,
    );

    expect(closedOnPage).toEqual([true]);
  });

  it('gives focus back to the opener when it closes', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));

    await user.click(screen.getByRole('button', { name: 'Cerrar menú' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveFocus();
  });
});
