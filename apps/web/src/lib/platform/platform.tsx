import type { Api, CardTokeniserPort, KeypadSocketPort, LoginInput, LoginView, StoragePort } from '@vendo/core';
import { createContext, type ReactNode, useContext } from 'react';
import type { MachinePage } from '../machine-page.ts';
import type { startQrScan } from './qr-scanner.ts';

/**
 * The browser adapters of core's ports, created once in main.tsx and handed down, so a screen
 * can be given fakes. What is heavy (the card provider's scripts, the QR library) loads on first use.
 */
export interface Platform {
  readonly storage: StoragePort;
  readonly api: Api;
  readonly apiWithToken: (token: string) => Api;
  /**
   * The machine's keypad socket: the browser's WebSocket (keypad-socket.ts, which comes with the keypad
   * tab's code, never the first load) unless another is given.
   */
  readonly keypadSocket?: KeypadSocketPort;
  /** The card provider of this build; add-card pages ask for it. */
  readonly cardTokeniser: () => Promise<CardTokeniserPort>;
  /** Reads QR codes from the camera into a video element. */
  readonly qrScanner: typeof startQrScan;
  /** The machine and products a server-rendered first screen was drawn with, which hydration reuses. */
  readonly machinePage?: MachinePage | null;
  /**
   * What a sign-in form the browser sent itself left for this page (issue 31): the flow's input and the
   * view its screens draw until the flow runs. Read before the first render, server and browser alike.
   */
  readonly signInLeft?: { readonly input: LoginInput; readonly first: LoginView } | null;
}

const PlatformContext = createContext<Platform | null>(null);

export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform outside PlatformProvider');
  return platform;
}
