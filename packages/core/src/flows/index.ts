export * from './login/index.ts';
export * from './session/index.ts';
