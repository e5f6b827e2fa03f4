export {
  type AutoTopUpEvent,
  type AutoTopUpInput,
  type AutoTopUpMachine,
  type AutoTopUpProblem,
  autoTopUpActors,
  autoTopUpMachine,
  checkAutoTopUp,
} from './auto-top-up.machine.ts';
