import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CatalogueGroup, ProductCatalogue } from './product-catalogue.tsx';

function Card({ name, onRender }: { name: string; onRender?: () => void }) {
  onRender?.();
  return <span>{name}</span>;
}

function group(title: string, count: number, onRender?: () => void): CatalogueGroup {
  const items = Array.from({ length: count }, (_, index) => {
    const name = `${title} ${index + 1}`;
    return { key: name, node: <Card name={name} onRender={onRender} /> };
  });
  return { key: title, title, items };
}

/** Stands in for the browser's IntersectionObserver: the test says when the end of the list is near. */
class FakeObserver {
  static current: FakeObserver | undefined;
  target: Element | undefined;
  readonly callback: (entries: { isIntersecting: boolean }[]) => void;
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    this.callback = callback;
    FakeObserver.current = this;
  }
  observe(target: Element) {
    this.target = target;
  }
  disconnect() {
    this.target = undefined;
  }
}

/** The browser reports, after layout, where the end of the list now is: a piece is added if it is near. */
async function endOfListIs(near: boolean) {
  await act(async () => {
    FakeObserver.current?.callback([{ isIntersecting: near }]);
  });
}

/** One turn of the browser's task queue: one more piece, if one is due. */
async function nextTask() {
  await act(async () => {
    vi.advanceTimersByTime(1);
  });
}

const shownNames = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('ProductCatalogue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeObserver.current = undefined;
  });

  it('paints only the first products at once, in category order (issue 5: 500 products open smoothly)', () => {
    render(<ProductCatalogue groups={[group('Bebidas', 3), group('Snacks', 4)]} first={5} step={2} />);

    expect(shownNames()).toEqual(['Bebidas 1', 'Bebidas 2', 'Bebidas 3', 'Snacks 1', 'Snacks 2']);
  });

  it('adds a piece each time the end of the list comes near the screen, until every product is there', async () => {
    render(<ProductCatalogue groups={[group('Bebidas', 3), group('Snacks', 4)]} first={2} step={2} />);

    await endOfListIs(true);
    expect(shownNames()).toHaveLength(4);
    await endOfListIs(true);
    await endOfListIs(true);
    expect(shownNames()).toHaveLength(7);
  });

  it('adds nothing more once the new end of the list is out of reach', async () => {
    render(<ProductCatalogue groups={[group('Bebidas', 10)]} first={2} step={2} />);
    await endOfListIs(true);

    await endOfListIs(false);
    await nextTask();

    expect(shownNames()).toHaveLength(4);
  });

  it('watches the end of the list only while products are left to add', async () => {
    render(<ProductCatalogue groups={[group('Bebidas', 4)]} first={2} step={2} />);
    expect(FakeObserver.current?.target).toBeDefined();

    await endOfListIs(true);

    expect(shownNames()).toHaveLength(4);
    expect(FakeObserver.current?.target).toBeUndefined();
  });

  it('asks for the rest of a list read in parts once the end of every product given comes near (issue 19)', async () => {
    const onEndNear = vi.fn();
    render(<ProductCatalogue groups={[group('Bebidas', 4)]} first={2} step={2} onEndNear={onEndNear} />);

    await endOfListIs(true);
    expect(onEndNear).not.toHaveBeenCalled();
    await endOfListIs(true);

    expect(onEndNear).toHaveBeenCalledOnce();
  });

  it('asks for nothing more when the end of a list read in parts stays out of reach', async () => {
    const onEndNear = vi.fn();
    render(<ProductCatalogue groups={[group('Bebidas', 2)]} first={2} step={2} onEndNear={onEndNear} />);

    await endOfListIs(false);
    await nextTask();

    expect(onEndNear).not.toHaveBeenCalled();
  });

  it('shows every product, a piece at a time, where the browser cannot tell what is near', async () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<ProductCatalogue groups={[group('Bebidas', 5)]} first={1} step={2} />);

    await nextTask();
    await nextTask();

    expect(shownNames()).toHaveLength(5);
  });

  it('shows a category only once at least one of its products is painted', () => {
    render(<ProductCatalogue groups={[group('Bebidas', 3), group('Snacks', 4)]} first={3} step={2} />);

    expect(screen.getByRole('region', { name: 'Bebidas' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Snacks' })).not.toBeInTheDocument();
  });

  it('never shows an empty category', () => {
    render(<ProductCatalogue groups={[group('Vacía', 0), group('Snacks', 2)]} first={2} step={1} />);

    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Snacks' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('does not render the products already painted again when more arrive', async () => {
    const rendered = vi.fn();
    render(<ProductCatalogue groups={[group('Bebidas', 6, rendered)]} first={2} step={2} />);
    expect(rendered).toHaveBeenCalledTimes(2);

    await endOfListIs(true);
    await endOfListIs(true);

    expect(rendered).toHaveBeenCalledTimes(6);
  });
});
