export * from './invoice.actors.ts';
export * from './tax-profile.machine.ts';
export * from './tax-profile.view.ts';
export * from './top-up-invoice.machine.ts';
export * from './top-up-invoice.view.ts';
