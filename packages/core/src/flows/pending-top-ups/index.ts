export * from './pending-top-ups.actors.ts';
export * from './pending-top-ups.machine.ts';
export * from './pending-top-ups.view.ts';
export * from './reference-news.ts';
