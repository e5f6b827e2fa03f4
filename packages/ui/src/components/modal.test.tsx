import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.tsx';

/** Opens the modal beside a control outside it, so an escaped focus would have somewhere to go. */
function renderOpen(onClose = vi.fn()) {
  return render(
    <>
      <button type="button">Fuera</button>
      <Modal
        open
        title="Eliminar tarjeta"
        onClose={onClose}
        closeLabel="Cerrar"
        actions={
          <>
            <button type="button">Cancelar</button>
            <button type="button">Eliminar</button>
          </>
        }
      >
        <p>¿Seguro?</p>
      </Modal>
    </>,
  );
}

/** A screen with a button that opens the modal, as the app would use it. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Modal open={open} title="Aviso" onClose={() => setOpen(false)} closeLabel="Cerrar">
        <p>Hola</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('renders nothing when closed', () => {
    render(
      <Modal open={false} title="Aviso" onClose={() => {}} closeLabel="Cerrar">
        <p>Hola</p>
      </Modal>,
    );

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Hola')).not.toBeInTheDocument();
  });

  it('is a modal dialog named by its title', () => {
    renderOpen();

    expect(screen.getByRole('dialog', { name: 'Eliminar tarjeta' })).toHaveAttribute('aria-modal', 'true');
  });

  it('renders its content and actions', () => {
    renderOpen();

    expect(screen.getByText('¿Seguro?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
  });

  it('renders into document.body, outside the caller', () => {
    const { container } = renderOpen();

    const dialog = screen.getByRole('dialog');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
  });

  it('moves focus into the dialog when it opens', () => {
    renderOpen();

    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });

  it('focuses the element marked data-autofocus first', () => {
    render(
      <Modal open title="Aviso" onClose={() => {}} closeLabel="Cerrar">
        <input aria-label="Nombre" data-autofocus />
      </Modal>,
    );

    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveFocus();
  });

  it('wraps Tab from the last control to the first', async () => {
    const user = userEvent.setup();
    renderOpen();
    screen.getByRole('button', { name: 'Eliminar' }).focus();

    await user.tab();

    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
  });

  it('wraps Shift+Tab from the first control to the last', async () => {
    const user = userEvent.setup();
    renderOpen();
    screen.getByRole('button', { name: 'Cerrar' }).focus();

    await user.tab({ shift: true });

    expect(screen.getByRole('button', { name: 'Eliminar' })).toHaveFocus();
  });

  it('moves Tab normally between controls inside', async () => {
    const user = userEvent.setup();
    renderOpen();
    screen.getByRole('button', { name: 'Cerrar' }).focus();

    await user.tab();

    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
  });

  it('calls onClose on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderOpen(onClose);

    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledOnce();
  });

  it('calls onClose from its close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderOpen(onClose);

    await user.click(screen.getByRole('button', { name: 'Cerrar' }));

    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps focus where it is and uses the newest onClose when re-rendered', async () => {
    const user = userEvent.setup();
    const firstOnClose = vi.fn();
    const newestOnClose = vi.fn();
    const { rerender } = render(
      <Modal open title="Aviso" onClose={firstOnClose} closeLabel="Cerrar">
        <button type="button">Aceptar</button>
      </Modal>,
    );
    screen.getByRole('button', { name: 'Aceptar' }).focus();

    rerender(
      <Modal open title="Aviso" onClose={newestOnClose} closeLabel="Cerrar">
        <button type="button">Aceptar</button>
      </Modal>,
    );
    await user.keyboard('{Escape}');

    expect(screen.getByRole('button', { name: 'Aceptar' })).toHaveFocus();
    expect(newestOnClose).toHaveBeenCalledOnce();
    expect(firstOnClose).not.toHaveBeenCalled();
  });

  it('gives focus back to the opener when it closes', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir' })).toHaveFocus();
  });
});
