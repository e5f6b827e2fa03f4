import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { examples } from '../../contract/examples.ts';
import type { CustomMessage } from '../../contract/index.ts';
import type { NativePlatform } from '../../rules/prompts.ts';
import { promptsMachine } from './prompts.machine.ts';
import { promptsView } from './prompts.view.ts';

const notice = examples.message;

function start(messages: CustomMessage[], platform: NativePlatform | null) {
  const actor = createActor(
    promptsMachine.provide({
      actors: {
        loadMessages: fromPromise(async () => messages),
        nativeAppWanted: fromPromise(async () => true),
        markShown: fromPromise(async () => {}),
        dismiss: fromPromise(async () => {}),
      },
    }),
    { input: { memberId: 17, platform } },
  ).start();
  return { actor, view: () => promptsView(actor.getSnapshot()) };
}

describe('spec §2 custom messages and the native-app prompt: which one is open', () => {
  it('none while the messages are read', () => {
    const flow = start([notice], 'ios');
    expect(flow.view()).toEqual({ message: null, actionUrl: null, imageUrl: null, nativeApp: null });
  });

  it('the first message, with its http(s) action link and image', async () => {
    const flow = start([notice], null);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('message'));
    expect(flow.view()).toEqual({
      message: notice,
      actionUrl: 'https://example.mx/mapa',
      imageUrl: 'https://cdn.example.mx/m/comedor.jpg',
      nativeApp: null,
    });
  });

  it('spec §2: an action address that is not http(s) becomes no link', async () => {
    const flow = start([{ ...notice, action_url: 'javascript:alert(1)', image_url: 'data:image/png;base64,AA' }], null);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('message'));
    expect(flow.view()).toMatchObject({ actionUrl: null, imageUrl: null });
  });

  it("after the messages, the native-app prompt for the member's phone", async () => {
    const flow = start([notice], 'android');
    await waitFor(flow.actor, (snapshot) => snapshot.matches('message'));
    flow.actor.send({ type: 'message.closed', forever: false });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('nativeApp'));
    expect(flow.view()).toEqual({ message: null, actionUrl: null, imageUrl: null, nativeApp: 'android' });
  });

  it('nothing once every prompt was closed', async () => {
    const flow = start([notice], null);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('message'));
    flow.actor.send({ type: 'message.closed', forever: false });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.view()).toEqual({ message: null, actionUrl: null, imageUrl: null, nativeApp: null });
  });
});
