import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import { settle } from '../../test-support/clock.ts';
import { toldSession } from '../../test-support/told-session.ts';
import { restockAlertsMachine } from './restock-alerts.machine.ts';
import type { AskAlertInput, EndAlertInput } from './restock-alerts.types.ts';
import { restockAlertFor, restockAlertsView, restockNews } from './restock-alerts.view.ts';

const refused = (status: number, error_code: string) =>
  httpError({ method: 'POST', path: '/x' }, status, { error: { error_code, message: 'No' } }, null);

function start(options: { fails?: ReturnType<typeof refused> } = {}) {
  const sent: (AskAlertInput | EndAlertInput)[] = [];
  const { session, told } = toldSession();
  function record<Input extends AskAlertInput | EndAlertInput>() {
    return fromPromise<void, Input>(async ({ input }) => {
      sent.push(input);
      if (options.fails) throw options.fails;
    });
  }
  const actor = createActor(
    restockAlertsMachine.provide({ actors: { askAlert: record<AskAlertInput>(), endAlert: record<EndAlertInput>() } }),
    { input: { memberId: 17, session } },
  ).start();
  return { actor, sent, told };
}

describe('issue 35 point 2: "Avísame cuando haya"', () => {
  it("asks for the alert on the machine's product, then tells the session to read the member again", async () => {
    const flow = start();

    flow.actor.send({ type: 'alert.asked', machineId: 7, productId: 101 });
    const during = restockAlertsView(flow.actor.getSnapshot()).asking;
    await settle();

    expect(during).toBe(101);
    expect(flow.sent).toEqual([{ memberId: 17, machineId: 7, productId: 101 }]);
    expect(flow.told).toEqual([{ type: 'member.refresh' }]);
  });

  it('keeps a refused ask (a full list of alerts) for the screen, and tells the session nothing', async () => {
    const flow = start({ fails: refused(422, 'restock_alert_limit_reached') });

    flow.actor.send({ type: 'alert.asked', machineId: 7, productId: 101 });
    await settle();

    expect(restockAlertsView(flow.actor.getSnapshot()).problem).toBe('limitReached');
    expect(flow.told).toEqual([]);
  });

  it('ends an alert (cancelled or seen); one already gone is no error, and the session reads the member again', async () => {
    const flow = start({ fails: refused(404, 'not_found') });

    flow.actor.send({ type: 'alert.ended', alertId: 9 });
    await settle();

    expect(flow.sent).toEqual([{ memberId: 17, alertId: 9 }]);
    expect(flow.told).toEqual([{ type: 'member.refresh' }]);
    expect(restockAlertsView(flow.actor.getSnapshot()).problem).toBeNull();
  });

  it('says an end the server refused for another reason failed, and still has the session read the member', async () => {
    const flow = start({ fails: refused(429, 'too_many_requests') });

    flow.actor.send({ type: 'alert.ended', alertId: 9 });
    await settle();

    expect([restockAlertsView(flow.actor.getSnapshot()).problem, flow.told]).toEqual([
      'failed',
      [{ type: 'member.refresh' }],
    ]);
  });

  it('takes one change at a time: a second tap while the first is under way is not sent', async () => {
    const flow = start();

    flow.actor.send({ type: 'alert.asked', machineId: 7, productId: 101 });
    flow.actor.send({ type: 'alert.asked', machineId: 7, productId: 101 });
    await settle();

    expect(flow.sent).toHaveLength(1);
  });
});

describe('issue 35 point 2: what the member answer says of their alerts', () => {
  const waiting = examples.restockAlert;
  const back = { ...examples.restockAlert, id: 10, product_id: 102, back: true };

  it("finds the alert on a machine's product, and none on another machine", () => {
    const member = { restock_alerts: [waiting, back] };

    expect([restockAlertFor(member, 7, 101)?.id, restockAlertFor(member, 8, 101)]).toEqual([9, null]);
  });

  it('tells as news only the alerts whose product is back', () => {
    expect(restockNews({ restock_alerts: [waiting, back] }).map((alert) => alert.id)).toEqual([10]);
  });

  it('has no news from a provider that answers no alerts', () => {
    expect(restockNews({})).toEqual([]);
  });
});
