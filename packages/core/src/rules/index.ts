export * from './code.ts';
export * from './constants.ts';
export * from './employee-machines.ts';
export * from './money.ts';
export * from './sign-in.ts';
export * from './sign-in-errors.ts';
