export { readStoredSession, sessionActors } from './session.actors.ts';
export { type SessionMachine, sessionMachine } from './session.machine.ts';
export type {
  FollowedFlow,
  LoadedMember,
  PendingPurchase,
  SessionContext,
  SessionErrorCode,
  SessionEvent,
  SessionInput,
  StoredSession,
} from './session.types.ts';
export { type SessionView, sessionView } from './session.view.ts';
