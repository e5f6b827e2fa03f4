export { historyActors } from './history.actors.ts';
export {
  type HistoryMachine,
  historyMachine,
  mayReportProblem,
  newestFirst,
} from './history.machine.ts';
export { type HistoryEntry, type HistoryMonth, historyMonths, monthOf } from './history.statement.ts';
export type { HistoryEvent } from './history.types.ts';
export { type HistoryView, historyView } from './history.view.ts';
