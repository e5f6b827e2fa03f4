import type { SnapshotFrom } from 'xstate';
import type { KeypadMachine } from './keypad.machine.ts';

export type KeypadScreen = 'connecting' | 'open' | 'signInNeeded' | 'machineBusy' | 'replaced' | 'tooMany' | 'expired';

/**
 * Why the session-expired modal shows: no key in the machine's user-type time, the longest a session
 * lasts, or the machine closed it otherwise (a connection that kept dropping included).
 */
export type KeypadExpiry = 'idle' | 'timeUp' | 'closed';

const screens = ['signInNeeded', 'machineBusy', 'replaced', 'tooMany', 'expired'] as const;

function expiryOf(snapshot: SnapshotFrom<KeypadMachine>): KeypadExpiry | null {
  if (!snapshot.matches('expired')) return null;
  const { endedAs } = snapshot.context;
  return endedAs === 'idle' || endedAs === 'timeUp' ? endedAs : 'closed';
}

/** What the insert-coin tab shows for the keypad: whether keys work, and what stands in their way. */
export function keypadView(snapshot: SnapshotFrom<KeypadMachine>) {
  const screen: KeypadScreen = snapshot.matches({ live: 'open' })
    ? 'open'
    : (screens.find((name) => snapshot.matches(name)) ?? 'connecting');
  return {
    screen,
    keysEnabled: screen === 'open',
    /** The last key came faster than the machine takes them and did not reach it. */
    tooFast: snapshot.matches({ live: { open: 'tooFast' } }),
    canRetry: snapshot.can({ type: 'keypad.retried' }),
    expiry: expiryOf(snapshot),
  };
}

export type KeypadView = ReturnType<typeof keypadView>;
