export * from './receipt.actors.ts';
export * from './receipt.machine.ts';
export * from './receipt.view.ts';
