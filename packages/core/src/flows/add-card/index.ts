export {
  type AddCardEvent,
  type AddCardMachine,
  addCardActors,
  addCardMachine,
  cardDetails,
} from './add-card.machine.ts';
export { type AddCardView, addCardView } from './add-card.view.ts';
