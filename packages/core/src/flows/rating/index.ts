export { ratingActors } from './rating.actors.ts';
export { type RatingEvent, type RatingMachine, ratingMachine } from './rating.machine.ts';
