export { keypadSocket } from './keypad.actors.ts';
export {
  KEYPAD_LIMITED_PAUSE_MS,
  KEYPAD_READY_TIMEOUT_MS,
  KEYPAD_RECONNECTS,
  KEYPAD_TOO_FAST_NOTICE_MS,
  type KeypadMachine,
  keypadMachine,
} from './keypad.machine.ts';
export type { KeypadEvent, KeypadInput } from './keypad.types.ts';
export { type KeypadExpiry, type KeypadScreen, type KeypadView, keypadView } from './keypad.view.ts';
