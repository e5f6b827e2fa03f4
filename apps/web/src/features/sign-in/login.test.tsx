import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Platform } from '../../lib/platform/platform.tsx';
import { SessionProvider } from '../../lib/session.tsx';
import { renderApp } from '../../lib/test-app.tsx';
import { LoginProvider } from './login.tsx';
import { SignInForm } from './sign-in-form.tsx';

// The flow's code arrives when the test says so, as a slow network would bring its chunk.
const flowCode = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release };
});
vi.mock('./login-flow.ts', async (importOriginal) => {
  await flowCode.arrived;
  return importOriginal();
});

const platform = {
  api: {},
  apiWithToken: () => ({}),
  storage: { read: () => null, write: () => {}, remove: () => {} },
} as unknown as Platform;

function renderSignIn() {
  return renderApp(
    <SessionProvider>
      <LoginProvider>
        <SignInForm />
      </LoginProvider>
    </SessionProvider>,
    { path: '/', platform },
  );
}

describe('spec §2 `/`: the sign-in flow comes after the first paint (issue 19)', () => {
  it("keeps the phone form disabled until the flow's code has arrived, then takes what is typed", async () => {
    renderSignIn();
    const phone = screen.getByRole('textbox', { name: /teléfono|phone/i });
    expect(phone).toBeDisabled();

    flowCode.release();

    await waitFor(() => expect(phone).toBeEnabled());
    await userEvent.type(phone, '5512345678');
    expect(phone).toHaveValue('5512345678');
  });

  it("leaves the tab's reload marker alone when its code arrives (a failing screen still reaches the error boundary)", async () => {
    sessionStorage.setItem('vendo.chunk-reload', '1');
    renderSignIn();
    const phone = screen.getByRole('textbox', { name: /teléfono|phone/i });

    flowCode.release();

    await waitFor(() => expect(phone).toBeEnabled());
    expect(sessionStorage.getItem('vendo.chunk-reload')).toBe('1');
  });
});
