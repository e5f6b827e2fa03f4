import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs.tsx';

const tabs = [
  { id: 'cards', label: 'Tarjetas' },
  { id: 'vouchers', label: 'Vales' },
  { id: 'history', label: 'Historial' },
];

/** Holds the selection like a screen would; the panel shows which tab is selected. */
function ControlledTabs({ initial = 'cards', onSelect = () => {} }: { initial?: string; onSelect?(id: string): void }) {
  const [selected, setSelected] = useState(initial);
  return (
    <Tabs
      label="Métodos de pago"
      tabs={tabs}
      selected={selected}
      onSelect={(id) => {
        setSelected(id);
        onSelect(id);
      }}
    >
      <p>Panel {selected}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('refuses every choice while disabled (a server-drawn page not yet taken over)', async () => {
    const onSelect = vi.fn();
    render(
      <Tabs label="Métodos de pago" tabs={tabs} selected="cards" onSelect={onSelect} disabled>
        <p>Panel</p>
      </Tabs>,
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Vales' }));

    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: 'Vales' })).toBeDisabled();
  });

  it('is a tab list named by its label', () => {
    render(<ControlledTabs />);

    expect(screen.getByRole('tablist', { name: 'Métodos de pago' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Tarjetas', 'Vales', 'Historial']);
  });

  it('marks only the selected tab aria-selected', () => {
    render(<ControlledTabs initial="vouchers" />);

    expect(screen.getAllByRole('tab', { selected: true })).toEqual([screen.getByRole('tab', { name: 'Vales' })]);
  });

  it('puts only the selected tab in the Tab order', () => {
    render(<ControlledTabs initial="vouchers" />);

    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('shows the panel labelled by the selected tab', () => {
    render(<ControlledTabs initial="vouchers" />);

    expect(screen.getByRole('tabpanel', { name: 'Vales' })).toHaveTextContent('Panel vouchers');
  });

  it('ties the selected tab to its panel with aria-controls', () => {
    render(<ControlledTabs />);

    const panel = screen.getByRole('tabpanel');
    expect(screen.getByRole('tab', { name: 'Tarjetas' })).toHaveAttribute('aria-controls', panel.id);
  });

  it('selects a tab when it is pressed', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<ControlledTabs onSelect={onSelect} />);

    await user.click(screen.getByRole('tab', { name: 'Historial' }));

    expect(onSelect).toHaveBeenCalledWith('history');
  });

  it('moves to and selects the next tab on ArrowRight', async () => {
    const user = userEvent.setup();
    render(<ControlledTabs />);
    screen.getByRole('tab', { name: 'Tarjetas' }).focus();

    await user.keyboard('{ArrowRight}');

    expect(screen.getByRole('tab', { name: 'Vales' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Vales' })).toHaveAttribute('aria-selected', 'true');
  });

  it('wraps from the last tab to the first on ArrowRight', async () => {
    const user = userEvent.setup();
    render(<ControlledTabs initial="history" />);
    screen.getByRole('tab', { name: 'Historial' }).focus();

    await user.keyboard('{ArrowRight}');

    expect(screen.getByRole('tab', { name: 'Tarjetas' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Tarjetas' })).toHaveAttribute('aria-selected', 'true');
  });

  it('wraps from the first tab to the last on ArrowLeft', async () => {
    const user = userEvent.setup();
    render(<ControlledTabs />);
    screen.getByRole('tab', { name: 'Tarjetas' }).focus();

    await user.keyboard('{ArrowLeft}');

    expect(screen.getByRole('tab', { name: 'Historial' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Historial' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves to the previous tab on ArrowLeft', async () => {
    const user = userEvent.setup();
    render(<ControlledTabs initial="history" />);
    screen.getByRole('tab', { name: 'Historial' }).focus();

    await user.keyboard('{ArrowLeft}');

    expect(screen.getByRole('tab', { name: 'Vales' })).toHaveFocus();
  });

  it('jumps to the last tab on End', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<ControlledTabs onSelect={onSelect} />);
    screen.getByRole('tab', { name: 'Tarjetas' }).focus();

    await user.keyboard('{End}');

    expect(screen.getByRole('tab', { name: 'Historial' })).toHaveFocus();
    expect(onSelect).toHaveBeenCalledWith('history');
  });

  it('jumps to the first tab on Home', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<ControlledTabs initial="history" onSelect={onSelect} />);
    screen.getByRole('tab', { name: 'Historial' }).focus();

    await user.keyboard('{Home}');

    expect(screen.getByRole('tab', { name: 'Tarjetas' })).toHaveFocus();
    expect(onSelect).toHaveBeenCalledWith('cards');
  });

  it('keeps the first tab reachable when no tab matches the selection', () => {
    render(
      <Tabs label="Métodos de pago" tabs={tabs} selected="missing" onSelect={() => {}}>
        <p>Panel</p>
      </Tabs>,
    );

    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it('leaves the tab list for the panel on Tab', async () => {
    const user = userEvent.setup();
    render(<ControlledTabs />);
    screen.getByRole('tab', { name: 'Tarjetas' }).focus();

    await user.tab();

    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });
});

describe('Tabs with addresses (issue 31: a server-drawn page works before its scripts)', () => {
  const linked = [
    { id: 'products', label: 'Productos', href: '?tab=products' },
    { id: 'coins', label: 'Monedas', href: '?tab=coins' },
  ];

  it('draws each tab as a link to its address, so a page without scripts still switches', () => {
    render(
      <Tabs label="Qué hacer" tabs={linked} selected="products" onSelect={() => {}}>
        <p>Panel</p>
      </Tabs>,
    );

    expect(screen.getByRole('tab', { name: 'Monedas' })).toHaveAttribute('href', '?tab=coins');
    expect(screen.getByRole('tab', { name: 'Productos' })).toHaveAttribute('aria-selected', 'true');
  });

  it('selects in place once the page runs, without following the link', async () => {
    const onSelect = vi.fn();
    render(
      <Tabs label="Qué hacer" tabs={linked} selected="products" onSelect={onSelect}>
        <p>Panel</p>
      </Tabs>,
    );
    const followed = vi.fn((event: Event) => event.defaultPrevented);
    document.addEventListener('click', followed);

    await userEvent.click(screen.getByRole('tab', { name: 'Monedas' }));

    expect(onSelect).toHaveBeenCalledWith('coins');
    expect(followed).toHaveReturnedWith(true);
    document.removeEventListener('click', followed);
  });
});
