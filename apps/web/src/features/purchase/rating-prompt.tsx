import { Trans, useLingui } from '@lingui/react/macro';
import { ratingActors, ratingMachine, ratingView } from '@vendo/core';
import { Button, Modal, StarRating } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';

/** After a delivered deal: the in-app rating modal, when the member configuration and the 30-day rule allow it. */
export function RatingPrompt() {
  const session = useSession();
  const memberId = session.member?.id;
  return memberId ? <Rating memberId={memberId} /> : null;
}

function Rating({ memberId }: { memberId: number }) {
  const { api, storage } = usePlatform();
  const { t } = useLingui();
  const flow = useFlow(ratingMachine, ratingActors({ api, storage, memberId }));
  const state = useSelector(flow, ratingView);
  const [stars, setStars] = useState<number | null>(null);
  const dismiss = () => flow.send({ type: 'rating.dismissed' });
  return (
    <>
      <Modal
        open={state.asking}
        title={t`How was your purchase?`}
        closeLabel={t`Not now`}
        onClose={dismiss}
        actions={
          <>
            <Button
              width="full"
              disabled={stars === null}
              busy={state.sending}
              busyLabel={t`Sending…`}
              onClick={() => stars !== null && flow.send({ type: 'rating.sent', stars })}
            >
              <Trans>Send</Trans>
            </Button>
            <Button width="full" variant="ghost" onClick={() => flow.send({ type: 'rating.never' })}>
              <Trans>Do not ask me again</Trans>
            </Button>
          </>
        }
      >
        <StarRating
          legend={t`Rate it from 1 to 5 stars`}
          value={stars}
          onChange={setStars}
          starLabel={(count) => t`${count} of 5 stars`}
        />
      </Modal>
      <Modal open={state.thanked} title={t`Thank you!`} closeLabel={t`Close`} onClose={dismiss}>
        <p>
          <Trans>Your rating helps us look after this machine.</Trans>
        </p>
      </Modal>
    </>
  );
}
