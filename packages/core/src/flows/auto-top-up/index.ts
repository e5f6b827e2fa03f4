export { autoTopUpActors } from './auto-top-up.actors.ts';
export { type AutoTopUpMachine, autoTopUpMachine, checkAutoTopUp } from './auto-top-up.machine.ts';
export type { AutoTopUpEvent, AutoTopUpInput, AutoTopUpProblem } from './auto-top-up.types.ts';
export { type AutoTopUpView, autoTopUpView } from './auto-top-up.view.ts';
