export { cardLinkActors } from './card-link.actors.ts';
export { type CardLinkMachine, cardLinkMachine, cardLinkScreen } from './card-link.machine.ts';
export type { CardLinkEvent, CardLinkInput } from './card-link.types.ts';
export { type CardLinkView, cardLinkView } from './card-link.view.ts';
