export {
  KEYPAD_LIMITED_PAUSE_MS,
  KEYPAD_READY_TIMEOUT_MS,
  KEYPAD_RECONNECTS,
  KEYPAD_TOO_FAST_NOTICE_MS,
  type KeypadEvent,
  type KeypadInput,
  type KeypadMachine,
  keypadMachine,
  keypadSocket,
} from './keypad.machine.ts';
export { type KeypadScreen, type KeypadView, keypadView } from './keypad.view.ts';
