export * from './api/index.ts';
export * from './contract/index.ts';
export * from './flows/index.ts';
export * from './idempotency-key.ts';
export * from './ports.ts';
export * from './rules/index.ts';
export { APP_VERSION } from './version.ts';
