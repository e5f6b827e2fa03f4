export * from './api/index.ts';
export * from './contract/index.ts';
export { APP_VERSION } from './version.ts';
