import { type DealView, dealView } from '@vendo/core';
import { waitFor } from 'xstate';
import type { Progress } from '../platform/progress.ts';
import { type CommandContext, type ExitCode, exitCodes } from './context.ts';
import type { SessionActor } from './session.ts';

/** The status line for a screen on the way; null for the screens that end the deal. */
function statusText(context: CommandContext, view: DealView): string | null {
  const { texts } = context;
  switch (view.screen) {
    case 'creating':
      return texts.creating;
    case 'connecting':
      return texts.connecting(view.machine.name);
    case 'machineReady':
      // Spec §4 machine-ready: a balance sale of a product shows the number to type on the keyboard.
      return texts.machineReady(view.choosesOnMachine ? null : view.selection);
    case 'autoDelivery':
      return texts.autoDelivery(view.machine.name);
    default:
      return null;
  }
}

interface Outcome {
  readonly ok: boolean;
  readonly headline: string;
  readonly details: readonly string[];
}

/** What the deal's last screen says (spec §4 failed-deal screen, spec §8 error screen). */
function outcomeOf(context: CommandContext, view: DealView): Outcome {
  const { texts } = context;
  if (view.delivered) return { ok: true, headline: texts.delivered(view.productName), details: [] };
  if (view.screen === 'connectionError') {
    const words = texts.failures[view.failure?.reason ?? 'generic'];
    return { ok: false, headline: words.title, details: [words.description] };
  }
  const error = view.error;
  if (view.screen === 'campaignRequirement') {
    return {
      ok: false,
      headline: error?.title ?? texts.campaignTitle,
      details: [
        error?.body ?? texts.campaignBody,
        ...(view.redirectUrl ? [texts.campaignLink(view.redirectUrl)] : []),
        ...(error?.additionalInformation ? [error.additionalInformation] : []),
      ],
    };
  }
  return {
    ok: false,
    headline: error?.title ?? texts.internalServerError,
    details: [
      error?.body ?? texts.problems[error?.problem ?? 'unknownStatus'],
      ...(error?.emailDomain ? [texts.emailDomain(error.emailDomain)] : []),
      ...(error?.additionalInformation ? [error.additionalInformation] : []),
    ],
  };
}

/** The outcome as --json gives it: the deal as the server has it, and why it stopped where it did. */
function outcomeJson(view: DealView, outcome: Outcome) {
  return {
    outcome: outcome.ok ? 'delivered' : 'failed',
    screen: view.screen,
    deal: view.deal,
    failure: view.failure ? { ...view.failure, title: outcome.headline, description: outcome.details[0] } : null,
    error: view.error
      ? {
          code: view.refusal?.error_code ?? null,
          problem: view.error.problem,
          title: outcome.headline,
          description: outcome.details[0] ?? null,
        }
      : null,
  };
}

/**
 * Follows a deal with core's deal flow (spec §4 delivery_status navigation: a reading every second,
 * each screen with its timeout) until the machine delivers or the deal fails, showing each screen
 * on the way as a status line. The deal is the session's (issue 34 point 1): the session starts it and
 * holds it, and stops it when the session stops; following stops where the deal has ended.
 */
export async function followDeal(
  context: CommandContext,
  session: SessionActor,
  progress: Progress,
): Promise<ExitCode> {
  // The buy flow handed its deal to the session (buy.machine.ts `handOver`), which holds it.
  const flow = session.getSnapshot().context.deal;
  if (!flow) throw new Error('follow-deal: the session holds no deal');
  const show = (view: DealView) => {
    const text = statusText(context, view);
    if (text) progress.show(text);
  };
  flow.subscribe((snapshot) => show(dealView(snapshot)));
  show(dealView(flow.getSnapshot()));
  const view = dealView(await waitFor(flow, (snapshot) => dealView(snapshot).ended));
  const outcome = outcomeOf(context, view);
  progress.end(outcome.headline, outcome.ok);
  for (const detail of outcome.details) context.out.error(detail);
  context.out.data(outcomeJson(view, outcome));
  return outcome.ok ? exitCodes.ok : exitCodes.failure;
}
