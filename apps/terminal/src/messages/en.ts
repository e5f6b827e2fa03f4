import type { Texts } from './texts.ts';

/** English, on request (an `en` locale in the environment). */
export const en: Texts = {
  help: `vendo — Vendo in a terminal: sign in, find a machine, buy and follow the delivery.

Usage:
  vendo login [--phone <phone>]      Sign in with your phone and the code texted to it
  vendo machines <machine>           List a machine's products with their prices
  vendo buy <machine> <product>      Buy from your balance (product by id or name) and follow the delivery
  vendo balance                      Show your balance
  vendo history                      Show your purchases

Options:
  --json          Output for programs: one JSON document on stdout
  --api <url>     Vendo's address (VENDO_API; default http://localhost:3000)
  --phone <tel>   The phone to sign in with; without an interactive terminal the code is read from stdin
  -h, --help      Show this help

The session is kept in $XDG_CONFIG_HOME/vendo, or ~/.config/vendo (VENDO_CONFIG_DIR moves it).
Language: LC_ALL, LC_MESSAGES or LANG (English when it starts with "en"; Spanish otherwise).
Exit codes: 0 ok, 1 failure, 2 usage error.`,
  usage: {
    noCommand: () => 'A command is missing.',
    unknownCommand: (command) => `There is no command "${command}".`,
    missingArgument: (argument) => `${argument} is missing.`,
    extraArgument: (argument) => `"${argument}" is one argument too many.`,
    unknownOption: (option) => `There is no option ${option}.`,
    optionValue: (option) => `The option ${option} needs a value.`,
    misplacedOption: (option) => `The option ${option} only goes with login.`,
    badApi: (value) => `"${value}" is not an http(s) address.`,
  },
  argumentNames: { machine: '<machine>', product: '<product>' },
  seeHelp: 'Type vendo --help to see the usage.',

  apiFailures: {
    network: (api) => `We could not reach Vendo at ${api}. Check your connection (or --api) and try again.`,
    timeout: (api) => `Vendo did not answer in time (${api}). Try again.`,
    schema: () => 'Vendo sent an answer we could not read. Try again later.',
    aborted: () => 'The request was cancelled.',
    http: () => 'An error occurred in the process, please try again.',
  },
  refused: (message) => `Vendo answered: ${message}`,
  generic: 'An error occurred in the process, please try again.',
  notSignedIn: 'You are not signed in. Type vendo login.',
  sessionExpired: 'Your session has expired. Type vendo login to sign in again.',
  yes: 'Yes',
  no: 'No',
  cancelled: 'Cancelled.',

  phonePrompt: 'Your phone number (10 digits)',
  privacyPrompt: 'Do you accept the privacy notice?',
  privacyNotice: 'By signing in you accept the privacy notice.',
  phoneProblems: {
    country_required: 'Choose your country code',
    phone_length: 'Enter your 10-digit phone number',
    privacy_required: 'Accept the privacy notice to continue',
    phone_unreadable: 'We could not read that number: enter 10 digits, with the country code if needed',
  },
  codeSent: (phone) => `We texted a 4-digit code to ${phone}.`,
  codePrompt: '4-digit code',
  codeIncomplete: 'Type the 4 digits of the code.',
  noCode: 'No code came on standard input.',
  signInErrors: {
    code_wrong: () => 'That code is not right. Check the text message and try again.',
    code_expired: () => 'That code has expired. Ask for a new one.',
    code_killed: () => 'Too many tries with that code. Ask for a new one.',
    code_sends_paused: (minutes) => `We cannot send codes right now. Try again in ${minutes} min.`,
    too_many_requests: (minutes) => `Too many attempts. Try again in ${minutes} min.`,
    unreachable: () => 'We could not reach Vendo. Check your connection and try again.',
    unknown: () => 'An error occurred in the process, please try again.',
  },
  signedIn: (who) => `Signed in: ${who}.`,
  completeProfile: 'Complete your profile (name and email) in the app to add payment methods.',
  addCard: 'You have no cards yet: you can add one in the app.',

  machineProblems: {
    machine_id_empty: 'Type the machine ID.',
    machine_id_invalid: 'A machine ID has only letters, digits, - and _.',
  },
  machineNotFound: (name) => `Machine not found: there is no @${name}.`,
  machineOffline: (name) => `@${name} is offline at the moment.`,
  noProducts: 'This machine has no products for now.',
  free: 'Free',
  sampleFree: (price) => `${price} · free sample`,
  soldOut: (price) => `${price} · sold out`,
  uncategorised: 'Varios',

  productNotFound: (query, machine) => `@${machine} sells no "${query}". Type vendo machines ${machine}.`,
  productAmbiguous: (query) => `Several products match "${query}"; use the id:`,
  notForSale: (product) => `${product} cannot be bought from the balance.`,
  offlineRefused: (machine) => `The machine @${machine} is offline and cannot sell. Try again once it is online.`,
  balanceShort: (balance, price) =>
    `Your balance (${balance}) does not cover this product (${price}). Add funds in the app and try again.`,
  noAnswer:
    'We could not tell whether Vendo received the purchase. Check vendo history before buying again: your balance is only charged when the machine delivers.',

  creating: 'Making the purchase…',
  connecting: (machine) => `Connecting to @${machine}…`,
  machineReady: (selection) =>
    selection
      ? `The machine is ready: type ${selection} on the machine's keyboard.`
      : "The machine is ready: make your selection on the machine's keyboard.",
  autoDelivery: (machine) => `@${machine} is delivering your product…`,
  delivered: (product) =>
    product
      ? `Enjoy your purchase! Take ${product} from the machine's tray.`
      : "Enjoy your purchase! Take your product from the machine's tray.",
  failures: {
    communication: {
      title: 'Communication failure',
      description: 'The machine could not be contacted. Please come back later.',
    },
    userTimeout: { title: 'Time is up', description: "Did you make your selection on the machine's keyboard?" },
    notDelivered: {
      title: 'Product not delivered',
      description: 'The machine did not deliver your product. You were not charged.',
    },
    machineError: { title: 'Machine error', description: 'The machine reported an error. You were not charged.' },
    machineInUse: {
      title: 'Machine in use',
      description: 'Someone else is using the machine. Wait a moment and try again.',
    },
    cancelledByUser: {
      title: 'Cancelled on the machine',
      description: "The purchase was cancelled on the machine's keyboard. You were not charged.",
    },
    cancelled: {
      title: 'Purchase cancelled',
      description: 'The purchase was cancelled successfully. You were not charged.',
    },
    unknownMachineError: {
      title: 'Unknown machine error',
      description: 'The machine reported an error we do not recognise. You were not charged.',
    },
    insufficientFunds: {
      title: 'Insufficient funds',
      description: 'Your balance does not cover this product. Add funds and try again.',
    },
    auditInProgress: {
      title: 'Audit in progress',
      description: 'The machine is being audited. Try again in a few minutes.',
    },
    wrongSelection: {
      title: 'Wrong selection',
      description: 'The selection typed on the machine is not this product. You were not charged.',
    },
    closedCredit: {
      title: 'Credit closed',
      description: 'The machine closed the credit before a selection was made. You were not charged.',
    },
    generic: {
      title: 'The purchase did not go through',
      description: 'An error occurred in the process, please try again.',
    },
  },
  problems: {
    refused: 'Please try again later.',
    unreachable: 'We could not reach Vendo. Your balance is only charged when the machine delivers.',
    notFound: 'We can no longer find this purchase. Check vendo history before buying again.',
    malformed: 'Vendo sent an answer we could not read. Check vendo history before buying again.',
    unknownStatus: 'The machine reported a state we do not know. Check vendo history before buying again.',
  },
  internalServerError: 'Internal server error',
  emailDomain: (domain) => `Use an email address ending in @${domain} in your profile.`,
  campaignTitle: 'This machine is part of a campaign',
  campaignBody: 'To buy here, first complete what the campaign asks for.',
  campaignLink: (url) => `See what the campaign asks for: ${url}`,

  balance: (amount) => `Balance: ${amount}`,
  stampCard: (name, stamps, needed, cap) =>
    `${name}: ${stamps} of ${needed} stamps; at ${needed}, your next purchase is free (up to ${cap}).`,
  rewardsReady: (count) =>
    Number(count) === 1 ? 'You have a reward to use in the app.' : `You have ${count} rewards to use in the app.`,
  earnsStamp: (after, needed) =>
    Number(after) >= Number(needed)
      ? 'This purchase fills your stamp card: your next one is free.'
      : `This purchase earns a stamp: ${after} of ${needed}.`,
  bonusHere: (amount) => `Bonus credit to spend here: ${amount}`,
  bonusBalance: (amount) => `Bonus credit: ${amount}`,
  pendingTitle: 'Pending payments:',
  pendingReference: (amount, reference, hours, minutes, stores) =>
    `  ${amount} · reference ${reference} · expires in ${hours} h ${minutes} min · pay in cash at ${stores}`,
  expiredReference: (amount, reference) => `  ${amount} · reference ${reference} expired: it can no longer be paid`,
  clabe: (clabe, bank) => `Your CLABE for SPEI transfers: ${clabe} (${bank})`,
  anyProduct: 'Any product',
  historyEmpty: 'You have no purchases yet.',
  outcomes: { delivered: 'Delivered', inProgress: 'On its way', unknown: 'Unknown status' },
};
