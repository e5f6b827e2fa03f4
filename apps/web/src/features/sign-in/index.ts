/** The sign-in: the flow every screen shares, and asking a visitor to sign in (the login modal answers). */
export { useOpenLogin } from '../../lib/frame/sign-in-request.ts';
export { LoginProvider } from './login.tsx';
export { LoginModalProvider } from './login-modal.tsx';
