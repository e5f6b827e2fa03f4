import { Trans } from '@lingui/react/macro';
import { Notice } from '@vendo/ui';
import { Link } from 'wouter';
import { href } from '../../lib/paths.ts';

/** Spec §2 payment methods: a member whose profile is incomplete is sent to finish it before adding a card. */
export function ProfileNeeded() {
  return (
    <Notice tone="warning">
      <Trans>
        To add a payment method you must first edit your profile.{' '}
        <Link href={href('editProfile')}>Edit my profile</Link>
      </Trans>
    </Notice>
  );
}
