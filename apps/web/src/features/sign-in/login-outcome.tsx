import type { LoginNext } from '@vendo/core';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { href } from '../../lib/paths.ts';
import { useLoginOutput, useRestartLogin } from './login.tsx';

const destinations: Record<LoginNext, string> = {
  home: href('signIn'),
  editProfile: href('editProfile'),
  addCard: href('addPaymentMethod'),
};

/** When a sign-in ends, go where it says (`/` lets the guard pick inventory or selection) and start over. */
export function useLoginOutcome(onDone?: (next: LoginNext) => void) {
  const output = useLoginOutput();
  const restart = useRestartLogin();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!output) return;
    if (onDone) onDone(output.next);
    else navigate(destinations[output.next], { replace: true });
    restart();
  }, [output, onDone, navigate, restart]);
}

export { destinations as loginDestinations };
