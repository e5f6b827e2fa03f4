export {
  KEYPAD_RECONNECTS,
  type KeypadEvent,
  type KeypadMachine,
  keypadMachine,
  keypadSocket,
} from './keypad.machine.ts';
