import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import type { AutoTopUpSettings } from '../../contract/index.ts';
import { topUpLimits } from '../../rules/top-up.ts';
import { autoTopUpMachine } from './auto-top-up.machine.ts';
import type { SaveAutoTopUpInput } from './auto-top-up.types.ts';
import { autoTopUpView } from './auto-top-up.view.ts';

const on: AutoTopUpSettings = { enabled: true, threshold: 50, amount: 100, credit_card_id: 9 };

function start(saveFails = false) {
  const actor = createActor(
    autoTopUpMachine.provide({
      actors: {
        save: fromPromise(async ({ input }: { input: SaveAutoTopUpInput }) => {
          if (saveFails)
            throw httpError({ method: 'PUT', path: '/x' }, 422, { error: { message: 'Tarjeta vencida' } }, null);
          return input.settings;
        }),
      },
    }),
    { input: { memberId: 17, saved: on, cards: [], limits: topUpLimits(null) } },
  ).start();
  return { actor, view: () => autoTopUpView(actor.getSnapshot()) };
}

describe('spec §7 update_auto_top_up: what the automatic top-up settings show', () => {
  it('starts from the saved settings, with nothing wrong and nothing saving', () => {
    const flow = start();
    expect(flow.view()).toEqual({ settings: on, problem: null, error: null, saving: false, saved: false });
  });

  it('names what is wrong with the settings once a save was asked for', () => {
    const flow = start();
    flow.actor.send({ type: 'settings.changed', settings: { ...on, credit_card_id: null } });
    flow.actor.send({ type: 'save.requested' });
    expect(flow.view()).toMatchObject({ problem: 'card_missing', saving: false });
  });

  it('is saving while the API call runs, then saved', async () => {
    const flow = start();
    flow.actor.send({ type: 'save.requested' });
    expect(flow.view()).toMatchObject({ saving: true, saved: false });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('saved'));
    expect(flow.view()).toMatchObject({ saving: false, saved: true });
  });

  it('a refused save is editable again and says why', async () => {
    const flow = start(true);
    flow.actor.send({ type: 'save.requested' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.error !== null);
    expect(flow.view()).toMatchObject({ saving: false, saved: false, error: { message: 'Tarjeta vencida' } });
  });
});
