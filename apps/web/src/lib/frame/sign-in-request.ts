import { createContext, useContext } from 'react';

/**
 * Asks a visitor to sign in (spec §2, §6), from anywhere a member action is tried. The sign-in feature
 * answers, with its login modal (features/sign-in/login-modal.tsx); the frame's header asks here too.
 */
export const SignInRequest = createContext<() => void>(() => {});

export const useOpenLogin = () => useContext(SignInRequest);
