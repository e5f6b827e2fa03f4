export {
  type CardLinkEvent,
  type CardLinkInput,
  type CardLinkMachine,
  cardLinkActors,
  cardLinkMachine,
  cardLinkScreen,
} from './card-link.machine.ts';
