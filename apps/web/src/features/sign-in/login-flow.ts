// The sign-in flow's code, a chunk of its own: `/` is drawn and taken over without it (issue 19: the
// first load stays within its budget), and login.tsx runs the flow once this arrives.
export { loginActors, loginMachine, loginView } from '@vendo/core';
