export * from './spei-account.actors.ts';
export * from './spei-account.machine.ts';
export * from './spei-account.view.ts';
