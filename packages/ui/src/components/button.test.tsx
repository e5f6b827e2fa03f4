import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, LinkButton } from './button.tsx';

describe('Button', () => {
  it('calls onClick when pressed', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Pagar</Button>);

    await user.click(screen.getByRole('button', { name: 'Pagar' }));

    expect(onClick).toHaveBeenCalledOnce();
  });

  it('does not submit a form unless asked to', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Button>Otro</Button>
      </form>,
    );

    await user.click(screen.getByRole('button', { name: 'Otro' }));

    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits its form when type="submit"', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Button type="submit">Enviar</Button>
      </form>,
    );

    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('is disabled and aria-busy while busy', () => {
    render(
      <Button busy busyLabel="Enviando…">
        Enviar
      </Button>,
    );

    const button = screen.getByRole('button', { name: /Enviar/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('ignores presses while busy', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button busy busyLabel="Enviando…" onClick={onClick}>
        Enviar
      </Button>,
    );

    await user.click(screen.getByRole('button', { name: /Enviar/ }));

    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows a spinner that reads busyLabel while busy', () => {
    render(
      <Button busy busyLabel="Enviando…">
        Enviar
      </Button>,
    );

    const button = screen.getByRole('button', { name: /Enviar/ });
    expect(within(button).getByRole('status')).toHaveTextContent('Enviando…');
  });

  it('shows no spinner and no aria-busy when idle', () => {
    render(<Button busyLabel="Enviando…">Enviar</Button>);

    const button = screen.getByRole('button', { name: 'Enviar' });
    expect(button).not.toHaveAttribute('aria-busy');
    expect(within(button).queryByRole('status')).not.toBeInTheDocument();
  });

  it('stays disabled when disabled even if not busy', () => {
    render(<Button disabled>Enviar</Button>);

    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });
});

describe('LinkButton', () => {
  it('is a link that looks like the button of its variant and width', () => {
    render(
      <LinkButton href="/edit-profile" width="full">
        Editar
      </LinkButton>,
    );

    const link = screen.getByRole('link', { name: 'Editar' });

    expect([link.getAttribute('href'), link.className]).toEqual([
      '/edit-profile',
      'vendo-button vendo-button--primary vendo-button--full',
    ]);
  });

  it('opens another site in a new tab that cannot reach back to this page', () => {
    render(
      <LinkButton href="https://example.com/promo" external>
        Ver
      </LinkButton>,
    );

    const link = screen.getByRole('link', { name: 'Ver' });

    expect([link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
  });
});
