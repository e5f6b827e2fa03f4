import type { SnapshotFrom } from 'xstate';
import type { KeypadMachine } from './keypad.machine.ts';

export type KeypadScreen = 'connecting' | 'open' | 'signInNeeded' | 'machineBusy' | 'tooMany' | 'expired';

/** What the insert-coin tab shows for the keypad: whether keys work, and what stands in their way. */
export function keypadView(snapshot: SnapshotFrom<KeypadMachine>) {
  const screen: KeypadScreen = snapshot.matches({ live: 'open' })
    ? 'open'
    : snapshot.matches('signInNeeded')
      ? 'signInNeeded'
      : snapshot.matches('machineBusy')
        ? 'machineBusy'
        : snapshot.matches('tooMany')
          ? 'tooMany'
          : snapshot.matches('expired')
            ? 'expired'
            : 'connecting';
  return {
    screen,
    keysEnabled: screen === 'open',
    /** The last key came faster than the machine takes them and did not reach it. */
    tooFast: snapshot.matches({ live: { open: 'tooFast' } }),
    canRetry: snapshot.can({ type: 'keypad.retried' }),
  };
}

export type KeypadView = ReturnType<typeof keypadView>;
