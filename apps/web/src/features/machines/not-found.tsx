import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { href } from '../../lib/paths.ts';

/** Spec §2: any other path. */
export default function NotFound() {
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        <h1>
          <Trans>Page not found</Trans>
        </h1>
        <p>
          <Trans>The address you opened does not exist in Vendo.</Trans>
        </p>
        <Link href={href('signIn')}>
          <Trans>Go to the start</Trans>
        </Link>
      </main>
    </>
  );
}
