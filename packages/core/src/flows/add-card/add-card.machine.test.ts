import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import type { CommunityMember } from '../../contract/index.ts';
import type { CardDetails, CardToken, TokeniserFailure } from '../../ports.ts';
import { addCardMachine } from './add-card.machine.ts';
import { addCardView } from './add-card.view.ts';

const now = new Date('2026-11-21T12:00:00');
const token: CardToken = { token: 'tok_1', brand: 'visa', deviceSessionId: 'dev_1' };

function start(
  options: {
    tokenise?: () => Promise<CardToken>;
    save?: () => Promise<void>;
    profile?: { name: string | null; email: string | null; gender: 'Mujer' | null };
  } = {},
) {
  const tokenised: CardDetails[] = [];
  const saved: unknown[] = [];
  const actor = createActor(
    addCardMachine.provide({
      actors: {
        loadProfile: fromPromise(
          async (): Promise<Pick<CommunityMember, 'name' | 'email' | 'gender'>> =>
            options.profile ?? { name: 'Ana', email: 'ana@vendo.mx', gender: 'Mujer' },
        ),
        tokenise: fromPromise(async ({ input }: { input: CardDetails }) => {
          tokenised.push(input);
          return options.tokenise ? options.tokenise() : token;
        }),
        saveCard: fromPromise(
          async ({ input }: { input: { memberId: number; token: CardToken; holderName: string } }) => {
            saved.push(input);
            if (options.save) await options.save();
          },
        ),
      },
    }),
    { input: { memberId: 17, now } },
  ).start();
  const fill = (fields: Record<string, string>) => {
    for (const [field, value] of Object.entries(fields)) {
      actor.send({ type: 'field.changed', field: field as 'number', value });
    }
  };
  const ready = () => waitFor(actor, (snapshot) => !snapshot.matches('checkingProfile'));
  return { actor, tokenised, saved, fill, ready, view: () => addCardView(actor.getSnapshot()) };
}

const good = { number: '4242 4242 4242 4242', cvv: '123', month: '12', year: '2028', holder: ' Ana López ' };

describe('spec §5 new card and §7 tokenisation', () => {
  it('needs a complete profile first (spec §2): no form without name, email and gender', async () => {
    const flow = start({ profile: { name: 'Ana', email: null, gender: 'Mujer' } });
    await flow.ready();
    expect(flow.view().needsProfile).toBe(true);
  });

  it('flags every failing field and sends nothing', async () => {
    const flow = start();
    await flow.ready();
    flow.fill({ month: 'MM', year: 'YYYY' });
    flow.actor.send({ type: 'card.submitted' });
    expect(Object.keys(flow.view().problems).sort()).toEqual(['cvv', 'holder', 'month', 'number', 'year']);
    expect(flow.tokenised).toEqual([]);
  });

  it('tokenises digits only with a 2-digit year, then sends Vendo only the token, device session, holder and brand', async () => {
    const flow = start();
    await flow.ready();
    flow.fill(good);
    flow.actor.send({ type: 'card.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('added'));
    expect(flow.tokenised).toEqual([
      { number: '4242424242424242', holderName: 'Ana López', expirationMonth: '12', expirationYear: '28', cvv: '123' },
    ]);
    expect(flow.saved).toEqual([{ memberId: 17, token, holderName: 'Ana López' }]);
    expect(JSON.stringify(flow.saved)).not.toContain('4242424242424242');
  });

  it('forgets the number and CVV once the card is added', async () => {
    const flow = start();
    await flow.ready();
    flow.fill(good);
    flow.actor.send({ type: 'card.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('added'));
    expect(flow.view().form).toMatchObject({ number: '', cvv: '' });
  });

  it("a card the API refuses shows the provider's message inline and keeps what was typed", async () => {
    const declined = httpError(
      { method: 'POST', path: '/community_members/17/credit_cards' },
      402,
      { error: { error_code: 'card_declined', message: 'Card declined: insufficient funds' } },
      null,
    );
    const flow = start({ save: () => Promise.reject(declined) });
    await flow.ready();
    flow.fill(good);
    flow.actor.send({ type: 'card.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('editing') && snapshot.context.failure !== null);
    expect(flow.view()).toMatchObject({
      failure: { message: 'Card declined: insufficient funds', unreachable: false },
      form: { number: '4242 4242 4242 4242', holder: ' Ana López ' },
    });
  });

  it('a tokeniser that does not answer says so', async () => {
    const silent: TokeniserFailure = { kind: 'unreachable', message: null };
    const flow = start({ tokenise: () => Promise.reject(silent) });
    await flow.ready();
    flow.fill(good);
    flow.actor.send({ type: 'card.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.failure !== null);
    expect(flow.view().failure).toEqual({ message: null, unreachable: true });
    expect(flow.saved).toEqual([]);
  });
});
