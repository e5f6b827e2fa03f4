export { rfidDeviceActors } from './rfid-device.actors.ts';
export { type RfidDeviceMachine, rfidDeviceMachine } from './rfid-device.machine.ts';
export type { RfidDeviceEvent } from './rfid-device.types.ts';
export { type RfidDeviceView, rfidDeviceView } from './rfid-device.view.ts';
