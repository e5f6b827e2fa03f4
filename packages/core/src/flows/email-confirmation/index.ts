export * from './email-confirmation.actors.ts';
export * from './email-confirmation.machine.ts';
export * from './email-confirmation.view.ts';
