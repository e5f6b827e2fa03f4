// A front end of its own on the published @vendo/core: no React, no DOM, no workspace. Signs in with the
// texted code (read from the reference API's dev outbox), buys a product on `demo` and follows the deal to
// its end, all through the core's own flows, run on one member session as the app and the terminal do.
// Type-checked with `tsc --strict`, then run by Node 20+.

import {
  buyActors,
  buyMachine,
  dealActors,
  dealMachine,
  dealView,
  loadMachineByName,
  loginActors,
  loginMachine,
  randomIdempotencyKey,
  type StorageKey,
  type StoragePort,
  sessionActors,
  sessionMachine,
  sessionView,
} from '@vendo/core';
import { createApi } from '@vendo/core/api';
import type { ProductServerItem } from '@vendo/core/contract';
import { createActor, waitFor } from 'xstate';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const phone = `55${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const apiFor = (memberToken: string) => createApi({ baseUrl: `${base}/api/`, getToken: () => memberToken });
// Every call carries the session's token (the one its sign-in kept); `session` is made below, before any call.
const api = createApi({ baseUrl: `${base}/api/`, getToken: () => session.getSnapshot().context.token });

async function dev<T>(path: string, body?: unknown): Promise<T> {
  const init =
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const answer = await fetch(`${base}/__dev${path}`, init);
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return (await answer.json()) as T;
}

// A member with a prepaid balance, signed in the way a member is: phone, texted code.
await dev('/members', { phone: `+52${phone}`, balance: 500 });
// The member session: what it keeps lives in memory here (a browser keeps it in a cookie and localStorage).
const kept = new Map<StorageKey, string>();
const storage: StoragePort = {
  read: (key) => kept.get(key) ?? null,
  write: (key, value) => void kept.set(key, value),
  remove: (key) => void kept.delete(key),
};
const session = createActor(sessionMachine.provide({ actors: sessionActors({ api, storage }) }), {
  input: { stored: { token: null, memberId: null, machineName: null } },
}).start();
// The sign-in starts the session the moment the code is confirmed.
const login = createActor(loginMachine.provide({ actors: loginActors({ api, apiFor }) }), {
  input: { phone, session },
}).start();
login.send({ type: 'privacy.changed', accepted: true });
login.send({ type: 'phone.submitted' });
await waitFor(login, (snapshot) => snapshot.matches('code') || snapshot.context.error !== null, { timeout: 10_000 });
const { messages } = await dev<{ messages: { code: string }[] }>(`/sms?phone=${encodeURIComponent(`+52${phone}`)}`);
login.send({ type: 'code.changed', code: messages[0]?.code ?? '' });
const signedIn = await waitFor(session, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }), {
  timeout: 10_000,
});
const view = sessionView(signedIn);
if (!view.member || view.balance === null) throw new Error('signed in without a member');
const member = { memberId: view.member.id, balance: view.balance, cards: view.cards };
login.stop();
console.log(`signed in: member ${member.memberId}`);

const machine = await loadMachineByName(api, 'demo');
const listed = await api.products.list(machine.id);
if (!listed.ok) throw new Error(`products: ${listed.error.kind}`);
const product: ProductServerItem | undefined = listed.value.product_server_items.find(
  (item) => item.sell_options.sellable,
);
if (!product) throw new Error('demo sells nothing');
console.log(`machine @${machine.name}: buying ${product.name}`);

// The machine takes its time to be ready (the flow's 1-second readings see it), then delivers.
await dev('/machines/demo/script', {
  member_id: member.memberId,
  deal_statuses: [
    { status: 2, after_ms: 1_500 },
    { status: 0, after_ms: 1_500 },
  ],
});
const buyer = { id: member.memberId, balance: member.balance, cards: member.cards };
// The buy hands the deal it made to the session, which follows it with this deal flow.
const deal = dealMachine.provide({ actors: dealActors({ api }) });
const buy = createActor(buyMachine.provide({ actors: buyActors({ api }) }), {
  input: {
    machine,
    buyer,
    locale: 'es',
    newIdempotencyKey: randomIdempotencyKey,
    keeper: { session, place: () => 'journey', deal },
  },
}).start();
const request = { product, saleType: 2 as const, anyProduct: false };
buy.send({ type: 'buy.requested', request });
const bought = await waitFor(buy, (snapshot) => snapshot.status === 'done', { timeout: 15_000 });
const made = bought.output;
if (!made || !('deal' in made))
  throw new Error(`the deal was not made: ${made && 'error' in made ? made.error.kind : buy.getSnapshot().value}`);
console.log(`deal ${made.deal.id} made`);

const followed = session.getSnapshot().context.deal;
if (!followed) throw new Error('the session follows no deal');
let shown = '';
followed.subscribe((snapshot) => {
  const { screen } = dealView(snapshot);
  if (screen === shown) return;
  shown = screen;
  console.log(`deal screen: ${screen}`);
});
const end = await waitFor(followed, (snapshot) => dealView(snapshot).ended, { timeout: 30_000 });
session.stop();
if (!dealView(end).delivered) throw new Error(`the deal ended on ${dealView(end).screen}`);
console.log('delivered');
