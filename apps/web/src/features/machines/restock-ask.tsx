import { Trans, useLingui } from '@lingui/react/macro';
import {
  type CommunityMember,
  type ProductServerItem,
  restockAlertFor,
  restockAlertsActors,
  restockAlertsMachine,
  restockAlertsView,
} from '@vendo/core';
import { Button, Notice } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { askToNotify } from '../../lib/platform/system-notification.ts';
import { Session } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';

/**
 * Issue 35 point 2: "Avísame cuando haya" on a sold-out product, for a signed-in member; once asked, the
 * page says so and offers to cancel. The news comes with the next read of the member, whatever the screen.
 */
export function RestockAsk({
  member,
  machineId,
  product,
}: {
  member: CommunityMember;
  machineId: number;
  product: ProductServerItem;
}) {
  const { api } = usePlatform();
  const { t } = useLingui();
  const flow = useFlow(restockAlertsMachine, restockAlertsActors({ api }), {
    memberId: member.id,
    session: Session.useActorRef(),
  });
  const view = useSelector(flow, restockAlertsView);
  const alert = restockAlertFor(member, machineId, product.id);
  const busy = view.asking !== null || view.ending !== null;
  // One button, its words and action following the alert: the focus stays on it when it turns.
  return (
    <>
      <p role="status">{alert ? <Trans>We will tell you when the machine has it again.</Trans> : null}</p>
      <Button
        width="full"
        variant="secondary"
        busy={busy}
        busyLabel={t`Saving…`}
        onClick={() => {
          if (alert) {
            flow.send({ type: 'alert.ended', alertId: alert.id });
            return;
          }
          askToNotify();
          flow.send({ type: 'alert.asked', machineId, productId: product.id });
        }}
      >
        {alert ? <Trans>Cancel the alert</Trans> : <Trans>Notify me when it is back</Trans>}
      </Button>
      {view.problem ? (
        <Notice tone="error">
          {view.problem === 'limitReached' ? (
            <Trans>You already have the most restock alerts a member keeps: cancel one in the menu first.</Trans>
          ) : (
            <Trans>The alert could not be saved. Check your connection and try again.</Trans>
          )}
        </Notice>
      ) : null}
    </>
  );
}
