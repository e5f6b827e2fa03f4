export { profileActors } from './profile.actors.ts';
export { type ProfileMachine, profileMachine, updateBody } from './profile.machine.ts';
export type { ProfileEvent, ProfileInput } from './profile.types.ts';
export { type ProfileView, profileView } from './profile.view.ts';
