import type { Api, StoragePort } from '@vendo/core';
import { createContext, type ReactNode, useContext } from 'react';

/** The browser adapters of core's ports, created once in main.tsx and handed down. */
export interface Platform {
  readonly storage: StoragePort;
  readonly api: Api;
  readonly apiWithToken: (token: string) => Api;
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
