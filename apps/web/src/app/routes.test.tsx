import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../lib/platform/platform.tsx';
import { renderApp } from '../lib/test-app.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { Loading, loaderOf, routeOf, SCREEN_LOAD_LIMIT_MS } from './routes.tsx';

describe('issue 31 point 2: a screen whose code or texts never arrive', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // React reports the error the boundary catches; the test looks at what the member sees.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the spinner, then past the limit the error screen with Try again', async () => {
    const app = renderApp(
      <ErrorBoundary>
        <Loading />
      </ErrorBoundary>,
      { path: '/product/1', platform: {} as Platform },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await app.wait(SCREEN_LOAD_LIMIT_MS - 1);
    expect(screen.queryByRole('alert')).toBeNull();

    await app.wait(1);

    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('spec §2: the route an address opens, as the route table matches it (the server draws and preloads by it)', () => {
  it.each([
    ['/', 'signIn'],
    ['/machine-inventory', 'machineInventory'],
    ['/machine-inventory/', 'machineInventory'],
    ['/machine-inventory/true', 'machineInventoryRecharged'],
    ['/product/7', 'product'],
    ['/add-payment-method-mobile/12/Ana', 'addPaymentMethodMobile'],
    ['/teclado', 'machineByName'],
  ])('%s opens %s', (pathname, route) => {
    expect(routeOf(pathname)).toBe(route);
  });

  it('names no route for an address of more segments than any', () => {
    expect(routeOf('/product/7/more')).toBeUndefined();
  });
});

describe("issue 31 and issue 37: which screens come with `/`'s first load and which on demand", () => {
  it('asks no loader for `/`: the sign-in screen is in the first load, and a drawn `/` hydrates with nothing more', () => {
    expect(loaderOf('signIn')).toBeUndefined();
  });

  it('keeps one loader per route, the same however often asked, for the screens that come on demand', () => {
    expect(loaderOf('topUp')).toBe(loaderOf('topUp'));
    expect(loaderOf('topUp')).not.toBe(loaderOf('history'));
  });
});
