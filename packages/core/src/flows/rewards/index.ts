export * from './rewards.actors.ts';
export * from './rewards.machine.ts';
export * from './rewards.rules.ts';
export * from './rewards.view.ts';
