export { memberRfidsActors } from './member-rfids.actors.ts';
export { type MemberRfidsMachine, memberRfidsMachine } from './member-rfids.machine.ts';
export { type MemberRfidsView, memberRfidsView } from './member-rfids.view.ts';
