export {
  type DealOutcome,
  dealOutcome,
  type HistoryEvent,
  type HistoryMachine,
  historyActors,
  historyMachine,
  mayReportProblem,
  newestFirst,
} from './history.machine.ts';
