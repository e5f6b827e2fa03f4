import { Trans, useLingui } from '@lingui/react/macro';
import { type RestockAlert, type RestockAlertsMachine, restockAlertsView, restockNews } from '@vendo/core';
import { Button, Notice } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { href } from '../../lib/paths.ts';
import { notify } from '../../lib/platform/system-notification.ts';
import { visitStorage } from '../../lib/platform/visit-storage.ts';
import { useSession } from '../../lib/session.tsx';

type Flow = ActorRefFrom<RestockAlertsMachine>;

const notified = (alert: RestockAlert) => `vendo.notified.restock-${alert.id}` as const;
/** An alert lasts 30 days (the reference API's restockAlertRules): a notification kept no longer. */
const restockAlertDays = 30;

/**
 * Issue 35 point 2: what the member asked to be told of, back in the machine: a notice on whatever screen
 * the app shows, until they look or dismiss it; and, where they allowed notifications, one system
 * notification per alert and visit when a read of the member brings the news.
 */
export function RestockNews({ flow }: { flow: Flow }) {
  const { t } = useLingui();
  const { member } = useSession();
  const view = useSelector(flow, restockAlertsView);
  const [, navigate] = useLocation();
  const news = restockNews(member);
  const title = t`Restock alerts`;
  useEffect(() => {
    const visit = visitStorage();
    for (const alert of news) {
      if (visit.read(notified(alert))) continue;
      visit.write(notified(alert), '1', { maxAgeSeconds: restockAlertDays * 86_400 });
      const body = t`${alert.product_name} is back at @${alert.product_server_name}.`;
      void notify(title, body, `restock-${alert.id}`);
    }
  }, [news, t, title]);
  if (news.length === 0) return null;
  const end = (alert: RestockAlert) => flow.send({ type: 'alert.ended', alertId: alert.id });
  return (
    <aside className="vendo-notice-dock" aria-label={title}>
      {news.map((alert) => (
        <Notice key={alert.id} tone="info">
          <p>
            <Trans>
              {alert.product_name} is back at @{alert.product_server_name}.
            </Trans>
          </p>
          <Button
            width="full"
            disabled={view.ending === alert.id}
            onClick={() => {
              end(alert);
              navigate(href('machineByName', { vendingMachineName: alert.product_server_name }));
            }}
          >
            <Trans>See the machine</Trans>
          </Button>
          <Button
            width="full"
            variant="secondary"
            busy={view.ending === alert.id}
            busyLabel={t`Saving…`}
            onClick={() => end(alert)}
          >
            <Trans>Got it</Trans>
          </Button>
        </Notice>
      ))}
      <AlertProblem flow={flow} />
    </aside>
  );
}

/** The menu's list of the member's restock alerts, each with whether it is back, and a way to cancel it. */
export function RestockAlertList({ flow }: { flow: Flow }) {
  const { t } = useLingui();
  const { member } = useSession();
  const view = useSelector(flow, restockAlertsView);
  const headingId = useId();
  const alerts = member?.restock_alerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <section className="vendo-restock-alerts" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Restock alerts</Trans>
      </h2>
      <ul>
        {alerts.map((alert) => (
          <li key={alert.id}>
            <span>
              {alert.product_name} · @{alert.product_server_name}{' '}
              <strong>{alert.back ? <Trans>Back in stock</Trans> : <Trans>Sold out</Trans>}</strong>
            </span>
            <Button
              variant="ghost"
              busy={view.ending === alert.id}
              busyLabel={t`Saving…`}
              onClick={() => flow.send({ type: 'alert.ended', alertId: alert.id })}
            >
              <Trans>Cancel the alert for {alert.product_name}</Trans>
            </Button>
          </li>
        ))}
      </ul>
      <AlertProblem flow={flow} />
    </section>
  );
}

/** Why the last change to the alerts was refused (a full hour of changes, no connection), where it happened. */
function AlertProblem({ flow }: { flow: Flow }) {
  const { problem } = useSelector(flow, restockAlertsView);
  if (!problem) return null;
  return (
    <Notice tone="error">
      <Trans>The alert could not be changed. Check your connection and try again in a moment.</Trans>
    </Notice>
  );
}
