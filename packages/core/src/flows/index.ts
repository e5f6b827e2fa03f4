export * from './buy/index.ts';
export * from './deal/index.ts';
export * from './inventory/index.ts';
export * from './keypad/index.ts';
export * from './login/index.ts';
export * from './machine-selection/index.ts';
export * from './product/index.ts';
export * from './session/index.ts';
