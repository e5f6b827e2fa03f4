export { loginActors } from './login.actors.ts';
export { firstLoginView } from './login.first-view.ts';
export { firstLoginViewOf } from './login.first-view-of.ts';
export { type LoginMachine, loginMachine } from './login.machine.ts';
export type {
  LoginContext,
  LoginEvent,
  LoginInput,
  LoginNext,
  LoginOutput,
  SessionStarter,
} from './login.types.ts';
export { type LoginScreen, type LoginView, loginView } from './login.view.ts';
