import { useEffect } from 'react';
import { useLocation } from 'wouter';

/**
 * A flow that spans several routes decides its screen and the address follows, replacing the entry
 * (Back leaves the flow instead of stepping through its screens). `null`: the screen has no address
 * of its own and the current one stays.
 */
export function useAddressFollows(path: string | null): void {
  const [location, navigate] = useLocation();
  useEffect(() => {
    if (path && path !== location) navigate(path, { replace: true });
  }, [path, location, navigate]);
}
