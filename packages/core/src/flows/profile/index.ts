export {
  type ProfileEvent,
  type ProfileInput,
  type ProfileMachine,
  profileActors,
  profileMachine,
  updateBody,
} from './profile.machine.ts';
export { type ProfileView, profileView } from './profile.view.ts';
