import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** A help modal opened from a button inside another modal, as the login modal's "Didn't get the code?". */
function Stacked({ onOuterClose }: { onOuterClose(): void }) {
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <Modal open title="Inicia sesión" onClose={onOuterClose} closeLabel="Cerrar">
      <button type="button" onClick={() => setHelpOpen(true)}>
        Ayuda
      </button>
      <Modal open={helpOpen} title="¿No te llegó?" onClose={() => setHelpOpen(false)} closeLabel="Cerrar ayuda">
        <p>Espera un minuto.</p>
      </Modal>
    </Modal>
  );
}

describe('Modal', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders nothing when closed', () => {
    render(
      <Modal open={false} title="Aviso" onClose={() => {}} closeLabel="Cerrar">
        <p>Hola</p>
      </Modal>,
    );

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Hola')).not.toBeInTheDocument();
  });

  it('is a native dialog named by its title, opened with showModal so the page behind is inert (issue 15 point 27)', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');

    renderOpen();

    const dialog = screen.getByRole('dialog', { name: 'Eliminar tarjeta' });
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect(showModal.mock.contexts).toEqual([dialog]);
    expect(dialog).toHaveAttribute('open');
  });

  it('closes the dialog (close) while it is still on the page, before taking it off (issue 15 point 27)', () => {
    const close = HTMLDialogElement.prototype.close;
    const closedOnPage: boolean[] = [];
    vi.spyOn(HTMLDialogElement.prototype, 'close').mockImplementation(function (this: HTMLDialogElement) {
      closedOnPage.push(this.isConnected && this.open);
      close.call(this);
    });
    const { rerender } = render(
      <Modal open title="Aviso" onClose={() => {}} closeLabel="Cerrar">
        <p>Hola</p>
      </Modal>,
    );

    rerender(
      <Modal open={false} title="Aviso" onClose={() => {}} closeLabel="Cerrar">
        <p>Hola</p>
      </Modal>,
    );

    expect(closedOnPage).toEqual([true]);
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

  it("prevents the dialog's cancel (Escape, a phone's back) and lets the caller decide (issue 15 point 27)", () => {
    const onClose = vi.fn();
    renderOpen(onClose);
    const dialog = screen.getByRole('dialog');
    const cancel = new Event('cancel', { cancelable: true });

    act(() => {
      dialog.dispatchEvent(cancel);
    });

    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
    expect(dialog).toHaveAttribute('open');
  });

  it('opens again as a modal when the browser closes it while the caller still shows it', async () => {
    renderOpen();
    const dialog = screen.getByRole<HTMLDialogElement>('dialog');

    act(() => {
      dialog.close();
    });

    await waitFor(() => expect(dialog).toHaveAttribute('open'));
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

  it('stacks a dialog opened from inside another: Escape closes only the top one, and focus goes back inside the first', async () => {
    const user = userEvent.setup();
    const onOuterClose = vi.fn();
    render(<Stacked onOuterClose={onOuterClose} />);
    await user.click(screen.getByRole('button', { name: 'Ayuda' }));
    expect(screen.getByRole('dialog', { name: '¿No te llegó?' })).toContainElement(
      document.activeElement as HTMLElement,
    );

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: '¿No te llegó?' })).not.toBeInTheDocument();
    expect(onOuterClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Ayuda' })).toHaveFocus();
  });
});
