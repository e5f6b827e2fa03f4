import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const mountUpdateBanner = vi.hoisted(() => vi.fn());
vi.mock('./update-banner.tsx', () => ({ mountUpdateBanner }));

/** A worker that goes through the states it is told to, as the browser's does. */
function worker() {
  const target = new EventTarget() as EventTarget & { state: string };
  target.state = 'installing';
  return Object.assign(target, {
    become(state: string) {
      target.state = state;
      target.dispatchEvent(new Event('statechange'));
    },
  });
}

/** The page's service-worker container with one registration, whose workers the test sets. */
function browserWith(registration: { active: unknown; waiting: unknown; installing: unknown }, controller: unknown) {
  const events = new EventTarget();
  const full = Object.assign(events, registration);
  vi.stubGlobal('navigator', { serviceWorker: { controller, register: async () => full } });
  return full;
}

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('a new release is offered, never a first install (PWA, issue 31 point 3: WebKit)', () => {
  // A page offers one release at most: each test is a page of its own.
  let registerServiceWorker: typeof import('./app-update.ts').registerServiceWorker;
  beforeEach(async () => {
    vi.resetModules();
    ({ registerServiceWorker } = await import('./app-update.ts'));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    mountUpdateBanner.mockClear();
  });

  it('offers nothing when the first worker installs, even on a page the browser already says is controlled', async () => {
    const first = worker();
    const registration = browserWith({ active: null, waiting: null, installing: null }, {});
    await registerServiceWorker('vendo');

    registration.installing = first;
    registration.dispatchEvent(new Event('updatefound'));
    first.become('installed');
    await settle();

    expect(mountUpdateBanner).not.toHaveBeenCalled();
  });

  it('offers a worker that installed beside the active one', async () => {
    const next = worker();
    const registration = browserWith({ active: worker(), waiting: null, installing: null }, {});
    await registerServiceWorker('vendo');

    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    next.become('installed');
    await settle();

    expect(mountUpdateBanner).toHaveBeenCalledWith(next, 'vendo');
  });

  it('offers a worker already waiting when the page opens', async () => {
    const waiting = worker();
    browserWith({ active: worker(), waiting, installing: null }, {});

    await registerServiceWorker('vendo');
    await settle();

    expect(mountUpdateBanner).toHaveBeenCalledWith(waiting, 'vendo');
  });
});
