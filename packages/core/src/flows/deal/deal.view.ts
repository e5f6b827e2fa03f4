import type { SnapshotFrom } from 'xstate';
import { errorScreen } from '../../rules/error-screen.ts';
import { httpUrl } from '../../rules/links.ts';
import type { DealMachine } from './deal.machine.ts';
import { dealEndScreens, dealScreens, failureReason } from './deal.rules.ts';

/** What the deal screens show: which screen, the deal, and the failure or error to explain. */
export function dealView(snapshot: SnapshotFrom<DealMachine>) {
  const { context } = snapshot;
  const screen = dealScreens.find((name) => snapshot.matches(name)) ?? 'connecting';
  const request = context.request;
  return {
    screen,
    deal: context.deal,
    machine: context.machine,
    /** Spec §4 machine-ready: a balance sale asks for a selection on the machine; any other shows the number to type. */
    choosesOnMachine: request.anyProduct,
    selection: context.deal?.user_code ?? request.product?.user_code ?? null,
    productName: context.deal?.product?.name ?? request.product?.name ?? null,
    /** The failed-deal screen's text (spec §4 second reading). */
    failure: context.failure ? { status: context.failure.status, reason: failureReason(context.failure.status) } : null,
    timedOut: context.failure?.cause === 'timeout',
    error: screen === 'transactionError' || screen === 'campaignRequirement' ? errorScreen(context.error) : null,
    /** Spec §8 -11: where the campaign's requirement is met; only ever an http(s) address. */
    redirectUrl: screen === 'campaignRequirement' ? httpUrl(context.error?.redirect_url) : null,
    /** Spec §3 deal CTA for /download_with_campaign; the link only when it is http(s). */
    campaign:
      screen === 'downloadWithCampaign' && context.deal
        ? {
            buttonText: context.deal.cta_button_text ?? '',
            imageUrl: context.deal.cta_image_url ?? '',
            text: context.deal.cta_text ?? null,
            url: httpUrl(context.deal.cta_url),
          }
        : null,
    canRetry: snapshot.can({ type: 'deal.retried' }),
    /** Issue 15 point 10: why the deal was refused (offersTopUp reads it), and the product to come back to. */
    refusal: screen === 'transactionError' ? context.error : null,
    productId: request.product?.id ?? null,
    delivered: screen === 'download' || screen === 'downloadWithCampaign',
    /**
     * The deal has ended on this screen (spec §2 deal-flow screens: delivered, failed or refused; dealEndScreens):
     * nothing more happens by itself, so a front end following it may stop here.
     */
    ended: dealEndScreens.includes(screen),
  };
}

export type DealView = ReturnType<typeof dealView>;
