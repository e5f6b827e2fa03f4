import type {
  ApiErrorKind,
  DealProblem,
  FailureReason,
  MachineIdProblem,
  SignInErrorCode,
  SignInProblem,
} from '@vendo/core';

/** The mistakes in a command line the terminal explains (exit code 2). */
export type UsageProblem =
  | { readonly kind: 'noCommand' }
  | { readonly kind: 'unknownCommand'; readonly detail: string }
  | { readonly kind: 'missingArgument'; readonly detail: ArgumentName }
  | { readonly kind: 'extraArgument'; readonly detail: string }
  | { readonly kind: 'unknownOption'; readonly detail: string }
  | { readonly kind: 'optionValue'; readonly detail: string }
  | { readonly kind: 'misplacedOption'; readonly detail: string }
  | { readonly kind: 'badApi'; readonly detail: string };

export type UsageProblemKind = UsageProblem['kind'];

/** The arguments a usage error may name: `<machine>`, `<product>`. */
export type ArgumentName = 'machine' | 'product';

/** How a deal the terminal follows stands, for the history list. */
export type OutcomeWord = 'delivered' | 'inProgress' | 'unknown';

/**
 * Every text the terminal prints, in one language. Core hands over codes (failure reasons, sign-in
 * errors, ApiError kinds, deal problems); each code has its text here, in every language, as the web
 * app's Lingui catalogs have theirs. A text that carries a value is a function of it.
 */
export interface Texts {
  readonly help: string;
  readonly usage: Readonly<Record<UsageProblemKind, (detail: string) => string>>;
  readonly argumentNames: Readonly<Record<ArgumentName, string>>;
  readonly seeHelp: string;

  /** A call that failed, by how it failed; `api` is the address that was called. */
  readonly apiFailures: Readonly<Record<ApiErrorKind, (api: string) => string>>;
  /** The server's own words, when it refused with some. */
  readonly refused: (message: string) => string;
  readonly generic: string;
  readonly notSignedIn: string;
  readonly sessionExpired: string;
  /** The two answers of a yes-or-no prompt. */
  readonly yes: string;
  readonly no: string;
  readonly cancelled: string;

  readonly phonePrompt: string;
  readonly privacyPrompt: string;
  readonly privacyNotice: string;
  readonly phoneProblems: Readonly<Record<SignInProblem, string>>;
  readonly codeSent: (phone: string) => string;
  readonly codePrompt: string;
  readonly codeIncomplete: string;
  readonly noCode: string;
  /** `minutes`: when a lock or a limit lifts; null for every other failure. */
  readonly signInErrors: Readonly<Record<SignInErrorCode, (minutes: number | null) => string>>;
  readonly signedIn: (who: string) => string;
  readonly completeProfile: string;
  readonly addCard: string;

  readonly machineProblems: Readonly<Record<MachineIdProblem, string>>;
  readonly machineNotFound: (name: string) => string;
  readonly machineOffline: (name: string) => string;
  readonly noProducts: string;
  readonly free: string;
  readonly sampleFree: (price: string) => string;
  /** Issue 35 point 1: the machine holds none of it. */
  readonly soldOut: (price: string) => string;
  readonly uncategorised: string;

  readonly productNotFound: (query: string, machine: string) => string;
  readonly productAmbiguous: (query: string) => string;
  readonly notForSale: (product: string) => string;
  readonly offlineRefused: (machine: string) => string;
  readonly balanceShort: (balance: string, price: string) => string;
  readonly noAnswer: string;

  readonly creating: string;
  readonly connecting: (machine: string) => string;
  readonly machineReady: (selection: string | null) => string;
  readonly autoDelivery: (machine: string) => string;
  readonly delivered: (product: string | null) => string;
  /** Spec §4 failed-deal screen (second reading): a title and a description for each reason. */
  readonly failures: Readonly<Record<FailureReason, { readonly title: string; readonly description: string }>>;
  /** Spec §8 error screen body when the server gave none. */
  readonly problems: Readonly<Record<DealProblem, string>>;
  readonly internalServerError: string;
  readonly emailDomain: (domain: string) => string;
  readonly campaignTitle: string;
  readonly campaignBody: string;
  readonly campaignLink: (url: string) => string;

  readonly balance: (amount: string) => string;
  /** Issue 36 point 4: a stamp card's progress, its rewards, what a purchase earns, bonus credit apart. */
  readonly stampCard: (name: string, stamps: number, needed: number, cap: string) => string;
  readonly rewardsReady: (count: number) => string;
  readonly earnsStamp: (after: number, needed: number) => string;
  readonly bonusHere: (amount: string) => string;
  readonly bonusBalance: (amount: string) => string;
  /** Issue 37 point 5: the store references still payable, and those just expired. */
  readonly pendingTitle: string;
  readonly pendingReference: (
    amount: string,
    reference: string,
    hours: number,
    minutes: number,
    stores: string,
  ) => string;
  readonly expiredReference: (amount: string, reference: string) => string;
  readonly clabe: (clabe: string, bank: string) => string;
  readonly anyProduct: string;
  readonly historyEmpty: string;
  readonly outcomes: Readonly<Record<OutcomeWord, string>>;
}
