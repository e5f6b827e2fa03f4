import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import type { PendingCardLink } from '../../contract/index.ts';
import { advance as advanceClock } from '../../test-support/clock.ts';
import { toldSession } from '../../test-support/told-session.ts';
import { cardLinkMachine, cardLinkScreen } from './card-link.machine.ts';

const machine = {
  ...examples.machine,
  has_rfid: true,
  connect_to_machine_timeout: 5_000,
  user_type_timeout: 30,
  bring_near_rfid_timeout: 20,
};
const link = (status: string): PendingCardLink => ({ id: 9, status, user_code: '4821', rfid_key: null });

function start(options: { create?: () => Promise<PendingCardLink>; readMs?: number } = {}) {
  const clock = new SimulatedClock();
  const server = { status: 'in_progress', readings: 0, cancelled: 0 };
  const { session, told } = toldSession();
  const actor = createActor(
    cardLinkMachine.provide({
      actors: {
        createLink: fromPromise(async () => (options.create ? options.create() : link('in_progress'))),
        fetchLink: fromPromise(async () => {
          server.readings++;
          const status = server.status;
          // A reading takes this long on the clock (a slow network); 0 answers at once.
          if (options.readMs) await new Promise((resolve) => clock.setTimeout(resolve, options.readMs ?? 0));
          return link(status);
        }),
        cancelLink: fromPromise(async () => {
          server.cancelled++;
        }),
      },
    }),
    { clock, input: { memberId: 17, machine, session } },
  ).start();
  const advance = (ms: number) => advanceClock(clock, ms);
  const screen = () => cardLinkScreen(actor.getSnapshot());
  const begin = async () => {
    actor.send({ type: 'link.started' });
    await advance(100);
  };
  return { actor, server, told, advance, screen, begin, context: () => actor.getSnapshot().context };
}

describe('spec §4 pending card link', () => {
  it('creates the link and shows the linking screen while it is in progress', async () => {
    const flow = start();
    await flow.begin();
    expect(flow.screen()).toBe('linking');
  });

  it('waiting → authenticate, with the countdown from user_type_timeout', async () => {
    const flow = start();
    await flow.begin();
    flow.server.status = 'waiting';
    await flow.advance(1_000);
    expect(flow.screen()).toBe('authenticate');
    expect(flow.context().secondsLeft).toBe(30);
    await flow.advance(3_000);
    expect(flow.context().secondsLeft).toBe(27);
  });

  it('authenticated → tap card, with the countdown from bring_near_rfid_timeout; linked → success', async () => {
    const flow = start();
    await flow.begin();
    flow.server.status = 'authenticated';
    await flow.advance(1_000);
    expect(flow.screen()).toBe('tapCard');
    expect(flow.context().secondsLeft).toBe(20);
    flow.server.status = 'linked';
    await flow.advance(1_000);
    expect(flow.screen()).toBe('linked');
    const readings = flow.server.readings;
    await flow.advance(3_000);
    expect(flow.server.readings).toBe(readings);
  });

  it("still in progress at the machine's connect timeout → the error page", async () => {
    const flow = start();
    await flow.begin();
    await flow.advance(5_000);
    expect(flow.screen()).toBe('error');
    expect(flow.context().error?.kind).toBe('communication');
  });

  it.each([
    ['failed', 'internal'],
    ['expired', 'userTimeout'],
    ['error', 'internal'],
    ['Internal Server Error', 'internalGeneric'],
  ])('%s stops polling and shows the %s error', async (status, kind) => {
    const flow = start();
    await flow.begin();
    flow.server.status = status;
    await flow.advance(1_000);
    expect(flow.screen()).toBe('error');
    expect(flow.context().error?.kind).toBe(kind);
    const readings = flow.server.readings;
    await flow.advance(3_000);
    expect(flow.server.readings).toBe(readings);
  });

  it("a refused creation shows the server's words", async () => {
    const refused = httpError({ method: 'POST', path: '/x' }, 422, { error: { message: 'Máquina sin lector' } }, null);
    const flow = start({ create: () => Promise.reject(refused) });
    await flow.begin();
    expect(flow.context().error).toMatchObject({ kind: 'server', title: 'Máquina sin lector' });
  });

  it('back cancels the pending link and returns to the start', async () => {
    const flow = start();
    await flow.begin();
    flow.server.status = 'waiting';
    await flow.advance(1_000);
    flow.actor.send({ type: 'link.back' });
    await flow.advance(100);
    expect(flow.screen()).toBe('start');
    expect(flow.server.cancelled).toBe(1);
  });
});

describe('issue 15 point 13: RFID countdowns follow the clock and end the step at 0', () => {
  it('counts a second per second of the clock, however long each reading takes', async () => {
    const flow = start({ readMs: 600 });
    await flow.begin();
    flow.server.status = 'waiting';
    await flow.advance(1_700);
    expect(flow.screen()).toBe('authenticate');

    await flow.advance(15_000);

    expect(flow.context().secondsLeft).toBe(15);
  });

  it('ends the authenticate step the moment its countdown reaches 0', async () => {
    const flow = start();
    await flow.begin();
    flow.server.status = 'waiting';
    await flow.advance(1_000);

    await flow.advance(30_000);

    expect([flow.screen(), flow.context().error?.kind, flow.context().secondsLeft]).toEqual([
      'error',
      'userTimeout',
      0,
    ]);
  });

  it('ends the tap-card step the moment its countdown reaches 0', async () => {
    const flow = start();
    await flow.begin();
    flow.server.status = 'authenticated';
    await flow.advance(1_000);

    await flow.advance(19_900);
    const before = flow.screen();
    await flow.advance(100);

    expect([before, flow.screen()]).toEqual(['tapCard', 'error']);
  });
});

describe('a linked card has the session read the member again (spec §4 session; issue 34 point 1)', () => {
  it('tells the session once the card is linked, and not before', async () => {
    const flow = start();
    await flow.begin();
    flow.server.status = 'authenticated';
    await flow.advance(1_000);
    const beforeLinked = [...flow.told];

    flow.server.status = 'linked';
    await flow.advance(1_000);

    expect(beforeLinked).toEqual([]);
    expect(flow.told).toEqual([{ type: 'member.refresh' }]);
  });
});
