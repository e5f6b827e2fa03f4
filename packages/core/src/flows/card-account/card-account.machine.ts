import { assign, type DoneActorEvent, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { type AccountCredentials, accountMatch } from '../../rules/card-account.ts';
import { failure } from '../actor-failure.ts';
import { known } from '../known.ts';
import type { AccountHolder, CardAccountContext, CardAccountEvent, CardAccountInput } from './card-account.types.ts';

/** Whose account a token opened, as the loadHolder actor answered. */
const holder = ({ event }: { event: DoneActorEvent<AccountHolder> }) => event.output;

/**
 * Spec §2 `/add-payment-method-mobile/:cmId/:cmName?token=…`: whose account a card goes to. The page reads the
 * account the link names with the link's own token, to show whose it is. When the browser already holds another
 * member's session, the member chooses between the two before any form; the chosen account's id and token then
 * travel together, never one account's id with the other's token.
 */
export const cardAccountMachine = setup({
  types: {} as { context: CardAccountContext; events: CardAccountEvent; input: CardAccountInput },
  actors: {
    loadHolder: fromPromise<AccountHolder, AccountCredentials>(() =>
      Promise.reject(new Error('card account: provide loadHolder')),
    ),
  },
  guards: {
    noLink: ({ context }) => context.link === null,
    /** The account's own token does not open it: a link made up, for another member's id, or signed out since. */
    refused: (_, error: ApiError) => error.status !== null && [401, 403, 404].includes(error.status),
    anotherMember: ({ context }) =>
      context.link !== null && accountMatch(context.browser, context.link) === 'different',
  },
  actions: {
    keepLinkHolder: assign((_, linkHolder: AccountHolder) => ({ linkHolder })),
    keepBrowserHolder: assign((_, browserHolder: AccountHolder) => ({ browserHolder })),
    chooseLink: assign({ chosen: 'link' as const }),
    choose: assign(({ event }) => (event.type === 'account.chosen' ? { chosen: event.account } : {})),
  },
}).createMachine({
  id: 'cardAccount',
  context: ({ input }) => ({ ...input, linkHolder: null, browserHolder: null, chosen: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'noLink', target: 'linkRefused' }, { target: 'loadingLink' }],
    },
    loadingLink: {
      invoke: {
        src: 'loadHolder',
        // `starting` comes here only with a link.
        input: ({ context }) => known(context.link, 'the link account'),
        onDone: [
          {
            guard: 'anotherMember',
            target: 'loadingBrowser',
            actions: { type: 'keepLinkHolder', params: holder },
          },
          { target: 'chosen', actions: [{ type: 'keepLinkHolder', params: holder }, 'chooseLink'] },
        ],
        onError: [{ guard: { type: 'refused', params: failure }, target: 'linkRefused' }, { target: 'unavailable' }],
      },
    },
    loadingBrowser: {
      invoke: {
        src: 'loadHolder',
        // anotherMember let only a browser session in here.
        input: ({ context }) => known(context.browser, 'the browser session'),
        onDone: { target: 'choosing', actions: { type: 'keepBrowserHolder', params: holder } },
        // A session the server no longer honours is no session: the link's account is the only one.
        onError: [
          { guard: { type: 'refused', params: failure }, target: 'chosen', actions: 'chooseLink' },
          { target: 'unavailable' },
        ],
      },
    },
    /** Two members' accounts: the member says which one the card goes to. */
    choosing: {
      on: { 'account.chosen': { target: 'chosen', actions: 'choose' } },
    },
    chosen: { type: 'final' },
    /** The link does not open its account: it is asked for again from the app, never guessed. */
    linkRefused: { type: 'final' },
    unavailable: {
      on: { 'account.retried': 'starting' },
    },
  },
});

export type CardAccountMachine = typeof cardAccountMachine;
