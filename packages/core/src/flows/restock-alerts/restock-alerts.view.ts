import type { SnapshotFrom } from 'xstate';
import type { CommunityMember, RestockAlert } from '../../contract/index.ts';
import type { RestockAlertsMachine } from './restock-alerts.machine.ts';

/** Why the last change was refused: the member keeps as many alerts as they may, or anything else. */
export type RestockAlertProblem = 'limitReached' | 'failed';

/** What the screens show of a change to the alerts: which is under way, and why the last was refused. */
export function restockAlertsView(snapshot: SnapshotFrom<RestockAlertsMachine>) {
  const { context } = snapshot;
  return {
    /** The product an ask is under way for, or null. */
    asking: snapshot.matches('asking') && context.change?.kind === 'ask' ? context.change.productId : null,
    /** The alert an end is under way for, or null. */
    ending: snapshot.matches('ending') && context.change?.kind === 'end' ? context.change.alertId : null,
    problem: context.error
      ? context.error.error_code === 'restock_alert_limit_reached'
        ? ('limitReached' as const)
        : ('failed' as const)
      : null,
  };
}

export type RestockAlertsView = ReturnType<typeof restockAlertsView>;

const alertsOf = (member: Pick<CommunityMember, 'restock_alerts'> | null) => member?.restock_alerts ?? [];

/** The member's alert on a machine's product, if they asked for one (issue 35 point 2). */
export const restockAlertFor = (
  member: Pick<CommunityMember, 'restock_alerts'> | null,
  machineId: number,
  productId: number,
): RestockAlert | null =>
  alertsOf(member).find((alert) => alert.product_server_id === machineId && alert.product_id === productId) ?? null;

/** The alerts whose product is back: news to tell the member, whatever the screen. */
export const restockNews = (member: Pick<CommunityMember, 'restock_alerts'> | null): RestockAlert[] =>
  alertsOf(member).filter((alert) => alert.back);
