import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { CustomMessage } from '../../contract/index.ts';
import { memoryStorage } from '../../test-support/storage.ts';
import { promptsActors } from './prompts.actors.ts';
import { promptsMachine } from './prompts.machine.ts';

const message = (id: number): CustomMessage => ({ id, title: `Aviso ${id}` });

function start(
  messages: CustomMessage[],
  platform: 'ios' | 'android' | null,
  storage = memoryStorage(),
  visit = memoryStorage(),
) {
  const api: Pick<Api, 'messages'> = {
    messages: { list: async () => ({ ok: true, value: { community_member_messages: messages } }) },
  };
  const actor = createActor(promptsMachine.provide({ actors: promptsActors({ api, storage, visit }) }), {
    input: { memberId: 17, platform },
  }).start();
  const showing = () => actor.getSnapshot().context.queue[0]?.id;
  return { actor, storage, showing };
}

describe('spec §2 custom messages and the native-app prompt', () => {
  it('shows the messages one after another, then the native-app prompt on a phone', async () => {
    const flow = start([message(1), message(2)], 'android');
    await waitFor(flow.actor, (snapshot) => snapshot.matches('message'));
    expect(flow.showing()).toBe(1);
    flow.actor.send({ type: 'message.closed', forever: false });
    expect(flow.showing()).toBe(2);
    flow.actor.send({ type: 'message.closed', forever: false });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('nativeApp'));
  });

  it('"do not show again" skips that message next time', async () => {
    const storage = memoryStorage();
    const first = start([message(1), message(2)], null, storage);
    await waitFor(first.actor, (snapshot) => snapshot.matches('message'));
    first.actor.send({ type: 'message.closed', forever: true });
    await waitFor(first.actor, (snapshot) => snapshot.matches('message') && first.showing() === 2);
    const again = start([message(1), message(2)], null, storage);
    await waitFor(again.actor, (snapshot) => snapshot.matches('message'));
    expect(again.showing()).toBe(2);
  });

  it('shows no native-app prompt on a desktop', async () => {
    const flow = start([], null);
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
  });

  it('the native-app prompt dismissed for good does not come back', async () => {
    const storage = memoryStorage();
    const first = start([], 'ios', storage);
    await waitFor(first.actor, (snapshot) => snapshot.matches('nativeApp'));
    first.actor.send({ type: 'native-app.closed', forever: true });
    await waitFor(first.actor, (snapshot) => snapshot.status === 'done');
    const again = start([], 'ios', storage);
    await waitFor(again.actor, (snapshot) => snapshot.status === 'done');
    expect(again.actor.getSnapshot().value).toBe('done');
  });

  it('issue 15 point 5: a message closed without "do not show again" is not shown again in the same visit', async () => {
    const visit = memoryStorage();
    const first = start([message(1)], null, memoryStorage(), visit);
    await waitFor(first.actor, (snapshot) => snapshot.matches('message'));
    first.actor.send({ type: 'message.closed', forever: false });
    const again = start([message(1)], null, memoryStorage(), visit);
    await waitFor(again.actor, (snapshot) => snapshot.status === 'done');
    expect(again.showing()).toBeUndefined();
  });

  it('issue 15 point 5: a message left open (the member went on) is not shown again in the same visit', async () => {
    const visit = memoryStorage();
    const first = start([message(1)], null, memoryStorage(), visit);
    await waitFor(first.actor, (snapshot) => snapshot.matches('message'));
    first.actor.stop();
    const again = start([message(1)], null, memoryStorage(), visit);
    await waitFor(again.actor, (snapshot) => snapshot.status === 'done');
  });

  it('issue 15 point 5: the native-app prompt is shown once per visit', async () => {
    const visit = memoryStorage();
    const first = start([], 'android', memoryStorage(), visit);
    await waitFor(first.actor, (snapshot) => snapshot.matches('nativeApp'));
    first.actor.send({ type: 'native-app.closed', forever: false });
    const again = start([], 'android', memoryStorage(), visit);
    await waitFor(again.actor, (snapshot) => snapshot.status === 'done');
  });
});
