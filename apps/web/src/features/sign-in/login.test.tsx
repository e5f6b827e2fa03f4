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

const requestCode = vi.fn(async () => ({ ok: true, value: {} }));
const platform = {
  api: { members: { requestCode } },
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

describe("spec §2 `/`: the sign-in form works before the flow's code has arrived (issue 31)", () => {
  it('keeps what is typed, ticked and sent meanwhile, and the flow sends it once it runs', async () => {
    renderSignIn();
    const phone = screen.getByRole('textbox', { name: /teléfono|phone/i });
    await userEvent.type(phone, '5512345678');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: /código|code/i }));
    expect(requestCode).not.toHaveBeenCalled();

    flowCode.release();

    await waitFor(() => expect(requestCode).toHaveBeenCalledTimes(1));
    expect(requestCode).toHaveBeenCalledWith({ phone: '5512345678', countries: '+52' }, expect.anything());
    expect(phone).toHaveValue('5512345678');
  });

  it("leaves the tab's reload marker alone when its code arrives (a failing screen still reaches the error boundary)", async () => {
    sessionStorage.setItem('vendo.chunk-reload', '1');
    renderSignIn();
    const phone = screen.getByRole('textbox', { name: /teléfono|phone/i });

    flowCode.release();

    // The flow runs once it reads a pasted international number into the field (issue 15 point 6).
    await userEvent.type(phone, '+52 55 1234 5678');
    await waitFor(() => expect(phone).toHaveValue('5512345678'));
    expect(sessionStorage.getItem('vendo.chunk-reload')).toBe('1');
  });
});
