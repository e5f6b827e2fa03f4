export { addCardActors } from './add-card.actors.ts';
export { type AddCardMachine, addCardMachine, cardDetails } from './add-card.machine.ts';
export type { AddCardEvent } from './add-card.types.ts';
export { type AddCardView, addCardView } from './add-card.view.ts';
