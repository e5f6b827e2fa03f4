export { type MemberRfidsMachine, memberRfidsActors, memberRfidsMachine } from './member-rfids.machine.ts';
