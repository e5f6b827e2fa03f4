import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../lib/platform/platform.tsx';
import { renderApp } from '../lib/test-app.tsx';
import { Loading, SCREEN_LOAD_LIMIT_MS } from './routes.tsx';

describe('a screen whose code or texts never arrive', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the spinner, then past the limit the error with Try again, which loads the page afresh', async () => {
    const reload = vi.fn();
    const app = renderApp(<Loading reload={reload} />, { path: '/product/1', platform: {} as Platform });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await app.wait(SCREEN_LOAD_LIMIT_MS - 1);
    expect(screen.queryByRole('alert')).toBeNull();
    await app.wait(1);
    expect(screen.getByRole('alert')).toHaveTextContent('This screen could not be loaded');
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
