export { ratingActors } from './rating.actors.ts';
export { type RatingMachine, ratingMachine } from './rating.machine.ts';
export type { RatingEvent } from './rating.types.ts';
export { type RatingView, ratingView } from './rating.view.ts';
