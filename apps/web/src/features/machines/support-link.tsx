import { Trans } from '@lingui/react/macro';
import { supportChatUrl } from '../../lib/config.ts';

/** Spec §2 support: the anonymous support chat, the external chat link in a new tab. */
export function SupportLink() {
  return (
    <p className="vendo-aside">
      <a href={supportChatUrl} target="_blank" rel="noopener noreferrer">
        <Trans>Need help? Chat with support</Trans>
      </a>
    </p>
  );
}
