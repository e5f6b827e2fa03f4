import { Trans, useLingui } from '@lingui/react/macro';
import { nativePlatform, promptsActors, promptsMachine, promptsView } from '@vendo/core';
import { Button, Checkbox, LinkButton, Modal } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { visitStorage } from '../../lib/platform/visit-storage.ts';
import { useFlow } from '../../lib/use-flow.ts';

/** Store links of the native app (spec §9: iOS and Android). */
const storeLinks = {
  ios: import.meta.env.VITE_IOS_APP_URL || 'https://apps.apple.com/mx/app/vendo/id0000000000',
  android: import.meta.env.VITE_ANDROID_APP_URL || 'https://play.google.com/store/apps/details?id=mx.vendo.app',
} as const;

/**
 * Spec §2 modals for a signed-in member: the operator's custom messages one
 * after another, then the native-app download prompt on a phone, each once per
 * visit. Server text is shown as text; an action link only when it is http(s).
 */
export default function MemberPrompts({ memberId }: { memberId: number }) {
  const { api, storage } = usePlatform();
  const { t } = useLingui();
  const flow = useFlow(promptsMachine, promptsActors({ api, storage, visit: visitStorage() }), {
    memberId,
    platform: nativePlatform(navigator.userAgent),
  });
  const state = useSelector(flow, promptsView);
  const [forever, setForever] = useState(false);
  const close = (type: 'message.closed' | 'native-app.closed') => {
    flow.send({ type, forever });
    setForever(false);
  };
  const { message, actionUrl: action, imageUrl: image } = state;
  const dontShow = (
    <Checkbox
      label={t`Do not show this again`}
      checked={forever}
      onChange={(event) => setForever(event.target.checked)}
    />
  );
  return (
    <>
      <Modal
        open={message !== null}
        title={message?.title ?? t`A message for you`}
        closeLabel={t`Close`}
        onClose={() => close('message.closed')}
        actions={
          <>
            {action && message?.action_button_text && (
              <LinkButton width="full" external href={action}>
                {message.action_button_text}
              </LinkButton>
            )}
            <Button width="full" variant="secondary" onClick={() => close('message.closed')}>
              <Trans>Close</Trans>
            </Button>
          </>
        }
      >
        {image && <img src={image} alt="" width={280} height={160} />}
        {message?.summary && (
          <p>
            <strong>{message.summary}</strong>
          </p>
        )}
        {message?.description && <p>{message.description}</p>}
        {dontShow}
      </Modal>
      <Modal
        open={state.nativeApp !== null}
        title={t`Get the Vendo app`}
        closeLabel={t`Not now`}
        onClose={() => close('native-app.closed')}
        actions={
          <>
            {state.nativeApp && (
              <LinkButton width="full" external href={storeLinks[state.nativeApp]}>
                {state.nativeApp === 'ios' ? t`Download on the App Store` : t`Get it on Google Play`}
              </LinkButton>
            )}
            <Button width="full" variant="secondary" onClick={() => close('native-app.closed')}>
              <Trans>Not now</Trans>
            </Button>
          </>
        }
      >
        <p>
          <Trans>Buy faster with the Vendo app for your phone.</Trans>
        </p>
        {dontShow}
      </Modal>
    </>
  );
}
