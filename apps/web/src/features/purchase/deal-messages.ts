import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DealProblem, FailureReason } from '@vendo/core';

/** Spec §4 failed-deal screen (second reading) and status messages: a title and a description for each. */
export const failureMessages: Record<FailureReason, { title: MessageDescriptor; description: MessageDescriptor }> = {
  communication: {
    title: msg`Communication failure`,
    description: msg`The machine could not be contacted. Please come back later.`,
  },
  userTimeout: {
    title: msg`Time is up`,
    description: msg`Did you make your selection on the machine's keyboard?`,
  },
  notDelivered: {
    title: msg`Product not delivered`,
    description: msg`The machine did not deliver your product. You were not charged.`,
  },
  machineError: {
    title: msg`Machine error`,
    description: msg`The machine reported an error. You were not charged.`,
  },
  machineInUse: {
    title: msg`Machine in use`,
    description: msg`Someone else is using the machine. Wait a moment and try again.`,
  },
  cancelledByUser: {
    title: msg`Cancelled on the machine`,
    description: msg`The purchase was cancelled on the machine's keyboard. You were not charged.`,
  },
  cancelled: {
    title: msg`Purchase cancelled`,
    description: msg`The purchase was cancelled successfully. You were not charged.`,
  },
  unknownMachineError: {
    title: msg`Unknown machine error`,
    description: msg`The machine reported an error we do not recognise. You were not charged.`,
  },
  insufficientFunds: {
    title: msg`Insufficient funds`,
    description: msg`Your balance does not cover this product. Add funds and try again.`,
  },
  auditInProgress: {
    title: msg`Audit in progress`,
    description: msg`The machine is being audited. Try again in a few minutes.`,
  },
  wrongSelection: {
    title: msg`Wrong selection`,
    description: msg`The selection typed on the machine is not this product. You were not charged.`,
  },
  closedCredit: {
    title: msg`Credit closed`,
    description: msg`The machine closed the credit before a selection was made. You were not charged.`,
  },
  generic: {
    title: msg`The purchase did not go through`,
    description: msg`An error occurred in the process, please try again.`,
  },
};

/** Spec §8 error screen body when the server gave none: what went wrong, and that nothing was charged twice. */
export const problemMessages: Record<DealProblem, MessageDescriptor> = {
  refused: msg`Please try again later.`,
  unreachable: msg`We could not reach Vendo. Your balance is only charged when the machine delivers.`,
  notFound: msg`We can no longer find this purchase. Check your history before buying again.`,
  malformed: msg`Vendo sent an answer we could not read. Check your history before buying again.`,
  unknownStatus: msg`The machine reported a state we do not know. Check your history before buying again.`,
};
