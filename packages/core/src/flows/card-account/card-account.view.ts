import type { SnapshotFrom } from 'xstate';
import { maskPhone } from '../../rules/card-account.ts';
import type { CardAccountMachine } from './card-account.machine.ts';
import type { AccountHolder, CardAccount } from './card-account.types.ts';

export type CardAccountScreen = 'loading' | 'choosing' | 'chosen' | 'linkRefused' | 'unavailable';

/** How an account is shown: its holder's name and a phone only its owner recognises. */
const shown = (holder: AccountHolder | null) => (holder ? { name: holder.name, phone: maskPhone(holder.phone) } : null);

/** What the add-card page of the native app shows before its form: whose account, or which of two. */
export function cardAccountView(snapshot: SnapshotFrom<CardAccountMachine>) {
  const { context } = snapshot;
  const screen: CardAccountScreen = snapshot.matches('choosing')
    ? 'choosing'
    : snapshot.matches('chosen')
      ? 'chosen'
      : snapshot.matches('linkRefused')
        ? 'linkRefused'
        : snapshot.matches('unavailable')
          ? 'unavailable'
          : 'loading';
  const credentials = context.chosen === 'browser' ? context.browser : context.link;
  const holder = context.chosen === 'browser' ? context.browserHolder : context.linkHolder;
  const account: CardAccount | null =
    screen === 'chosen' && credentials && holder ? { ...credentials, ...holder, phone: maskPhone(holder.phone) } : null;
  return {
    screen,
    link: shown(context.linkHolder),
    browser: shown(context.browserHolder),
    /** The account the card goes to, once known: its id and token as one pair, and whose it is. */
    account,
  };
}

export type CardAccountView = ReturnType<typeof cardAccountView>;
