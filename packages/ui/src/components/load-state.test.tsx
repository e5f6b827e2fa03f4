import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadState, type LoadStateProps, loadStatus } from './load-state.tsx';

const texts = {
  loadingLabel: 'Cargando tus tarjetas…',
  failure: { title: 'No se pudieron cargar tus tarjetas', description: 'Revisa tu conexión' },
  empty: { title: 'Aún no tienes tarjetas', description: 'Agrega una para pagar más rápido' },
} satisfies Omit<LoadStateProps, 'status'>;

function renderIn(status: LoadStateProps['status'], props: Partial<LoadStateProps> = {}) {
  return render(
    <LoadState status={status} {...texts} {...props}>
      <p>Visa terminada en 4242</p>
    </LoadState>,
  );
}

describe('LoadState', () => {
  it('while loading shows only a status reading its label', () => {
    renderIn('loading');

    expect(screen.getByRole('status')).toHaveTextContent('Cargando tus tarjetas…');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByText('Visa terminada en 4242')).not.toBeInTheDocument();
  });

  it('puts the spinner in a box with the class it is given', () => {
    const { container } = renderIn('loading', { loadingClassName: 'centred' });

    expect(container.firstElementChild).toHaveClass('centred');
    expect(container.firstElementChild).toContainElement(screen.getByRole('status'));
  });

  it('when loading failed shows only an alert with its title and description', () => {
    renderIn('failed');

    expect(screen.getByRole('alert')).toHaveTextContent('No se pudieron cargar tus tarjetas');
    expect(screen.getByRole('alert')).toHaveTextContent('Revisa tu conexión');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Visa terminada en 4242')).not.toBeInTheDocument();
  });

  it('offers no button on a failure without an action', () => {
    renderIn('failed');

    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('calls the failure action when its button is pressed', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderIn('failed', { failure: { ...texts.failure, action: { label: 'Reintentar', onSelect } } });

    await user.click(screen.getByRole('button', { name: 'Reintentar' }));

    expect(onSelect).toHaveBeenCalledOnce();
  });

  it('when empty shows only its heading and description, without interrupting screen readers', () => {
    renderIn('empty');

    expect(screen.getByRole('heading', { name: 'Aún no tienes tarjetas' })).toBeInTheDocument();
    expect(screen.getByText('Agrega una para pagar más rápido')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Visa terminada en 4242')).not.toBeInTheDocument();
  });

  it('when empty with nothing to say shows nothing', () => {
    const { container } = renderIn('empty', { empty: undefined });

    expect(container).toBeEmptyDOMElement();
  });

  it('when ready shows only its content', () => {
    renderIn('ready');

    expect(screen.getByText('Visa terminada en 4242')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});

describe('loadStatus', () => {
  it.each([
    { loading: true, failed: true, empty: true, status: 'loading' },
    { loading: false, failed: true, empty: true, status: 'failed' },
    { loading: false, failed: false, empty: true, status: 'empty' },
    { loading: false, failed: false, empty: false, status: 'ready' },
  ] as const)('loading $loading, failed $failed, empty $empty is $status', ({ status, ...where }) => {
    expect(loadStatus(where)).toBe(status);
  });

  it('is ready, never empty, where emptiness is not asked about', () => {
    expect(loadStatus({ loading: false, failed: false })).toBe('ready');
  });
});
