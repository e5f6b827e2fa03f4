export * from './restock-alerts.actors.ts';
export * from './restock-alerts.machine.ts';
export * from './restock-alerts.types.ts';
export * from './restock-alerts.view.ts';
