export {
  type RfidDeviceEvent,
  type RfidDeviceMachine,
  rfidDeviceActors,
  rfidDeviceMachine,
} from './rfid-device.machine.ts';
