import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { LanguageSwitch } from '../../lib/frame/language-switch.tsx';
import { href } from '../../lib/paths.ts';
import { useLogin } from './login.tsx';
import { SignInForm } from './sign-in-form.tsx';

/** Spec §2 `/`: sign in with a phone number. */
export default function SignIn() {
  const login = useLogin();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (login.screen === 'code') navigate(href('phoneVerification'));
  }, [login.screen, navigate]);
  return (
    <>
      <AppHeader left={null} />
      <main className="vendo-page">
        <h1>
          <Trans>Sign in</Trans>
        </h1>
        <p>
          <Trans>We will text you a code to sign in. No password needed.</Trans>
        </p>
        <SignInForm />
        <p className="vendo-aside">
          <Link href={href('machineSelection')}>
            <Trans>Just looking? Find a machine</Trans>
          </Link>
        </p>
        <LanguageSwitch />
      </main>
    </>
  );
}
