import { act, screen } from '@testing-library/react';
import { type CardLinkMachine, cardLinkActors, cardLinkMachine, cardLinkView } from '@vendo/core';
import { callExamples } from '@vendo/core/contract/examples';
import { useSelector } from '@xstate/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { type Actor, createActor } from 'xstate';
import type { Platform } from '../../lib/platform/platform.tsx';
import { renderApp } from '../../lib/test-app.tsx';
import { CardLinkProvider, FollowedCardLink } from './card-link-provider.tsx';

const machine = { ...callExamples.getMachine.response.good.product_server, has_rfid: true };
const pending = { id: 9, status: 'waiting', user_code: '4821', rfid_key: null };

function Screen({ link }: { link: Actor<CardLinkMachine> }) {
  const view = useSelector(link, cardLinkView);
  return (
    <>
      <p>{`Screen: ${view.screen}`}</p>
      <button type="button" onClick={() => link.send({ type: 'link.started' })}>
        Start
      </button>
    </>
  );
}

/** The card-link route and the profile, over a fake API that counts the readings of the link. */
function renderCardLink(path: string) {
  const reads = vi.fn(async () => ({ ok: true, value: { pending_card_link: pending } }));
  const api = {
    cardLinks: {
      create: async () => ({ ok: true, value: { pending_card_link: pending } }),
      get: reads,
      cancelAll: async () => ({ ok: true, value: null }),
    },
  } as unknown as Platform['api'];
  const starts = vi.fn(() =>
    createActor(cardLinkMachine.provide({ actors: cardLinkActors({ api }) }), {
      input: { memberId: 17, machine },
    }).start(),
  );
  const app = renderApp(
    <CardLinkProvider>
      <Switch>
        <Route path="/authenticate-user-rfid-page">
          <FollowedCardLink start={starts}>{(link) => <Screen link={link} />}</FollowedCardLink>
        </Route>
        <Route path="/profile">
          <p>Profile</p>
        </Route>
      </Switch>
    </CardLinkProvider>,
    { path, platform: { api } as unknown as Platform },
  );
  return {
    reads,
    starts,
    go: app.go,
    wait: app.wait,
  };
}

describe('spec §2 RFID routes: the card link on its way', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a card-link route with no link on its way (the first visit, a reload) starts one at its start screen', async () => {
    const app = renderCardLink('/authenticate-user-rfid-page');

    await app.wait(0);

    expect(app.starts).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Screen: start')).toBeInTheDocument();
  });

  it('leaving the card-link routes stops the link: it is read no more', async () => {
    const app = renderCardLink('/authenticate-user-rfid-page');
    await app.wait(0);
    act(() => screen.getByRole('button', { name: 'Start' }).click());
    await app.wait(3_000);
    expect(screen.getByText('Screen: authenticate')).toBeInTheDocument();
    expect(app.reads).toHaveBeenCalled();

    await app.go('/profile');
    const readsWhenLeft = app.reads.mock.calls.length;
    await app.wait(10_000);

    expect(app.reads).toHaveBeenCalledTimes(readsWhenLeft);
  });
});
