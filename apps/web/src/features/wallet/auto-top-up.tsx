import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type AutoTopUpProblem,
  autoTopUpActors,
  autoTopUpMachine,
  autoTopUpView,
  formatCardLabel,
  serverMessage,
  topUpLimits,
} from '@vendo/core';
import { Button, Checkbox, Notice, Select, TextField } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';

const problems: Record<AutoTopUpProblem, ReturnType<typeof msg>> = {
  threshold_invalid: msg`Type the balance below which to top up, in whole pesos within the top-up limits.`,
  amount_invalid: msg`The amount to add must be within the top-up limits.`,
  card_missing: msg`Choose the card to charge.`,
};

/** Automatic top-up settings on /top-up (spec §7 update_auto_top_up). */
export function AutoTopUp({ memberId, currency }: { memberId: number; currency: string }) {
  const { api } = usePlatform();
  const session = useSession();
  const { t, i18n } = useLingui();
  const flow = useFlow(autoTopUpMachine, autoTopUpActors({ api }), {
    memberId,
    saved: session.member?.auto_top_up ?? null,
    cards: session.cards,
    limits: topUpLimits(session.machine),
  });
  const state = useSelector(flow, autoTopUpView);
  const { settings } = state;
  const change = (next: Partial<typeof settings>) =>
    flow.send({ type: 'settings.changed', settings: { ...settings, ...next } });
  const whole = (text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN);
  return (
    <section className="vendo-form" aria-labelledby="auto-top-up">
      <h2 id="auto-top-up">
        <Trans>Automatic top-up</Trans>
      </h2>
      <Checkbox
        label={t`Top up automatically when my balance runs low`}
        checked={settings.enabled}
        onChange={(event) => change({ enabled: event.target.checked })}
      />
      {settings.enabled && (
        <>
          <TextField
            label={t`When my balance falls below (${currency})`}
            inputMode="numeric"
            defaultValue={String(settings.threshold)}
            onChange={(event) => change({ threshold: whole(event.target.value) })}
            error={state.problem === 'threshold_invalid' ? i18n._(problems.threshold_invalid) : undefined}
          />
          <TextField
            label={t`Add (${currency})`}
            inputMode="numeric"
            defaultValue={String(settings.amount)}
            onChange={(event) => change({ amount: whole(event.target.value) })}
            error={state.problem === 'amount_invalid' ? i18n._(problems.amount_invalid) : undefined}
          />
          <Select
            label={t`Card to charge`}
            placeholder={t`Choose a card`}
            value={String(settings.credit_card_id ?? '')}
            options={session.cards.map((card) => ({
              value: String(card.id),
              label: formatCardLabel(card),
            }))}
            onChange={(event) => change({ credit_card_id: Number(event.target.value) || null })}
            error={state.problem === 'card_missing' ? i18n._(problems.card_missing) : undefined}
          />
        </>
      )}
      {state.error && (
        <Notice tone="error">
          {serverMessage(state.error) ?? t`An error occurred in the process, please try again.`}
        </Notice>
      )}
      {state.saved && (
        <Notice tone="info">
          <Trans>Automatic top-up saved.</Trans>
        </Notice>
      )}
      <Button
        width="full"
        variant="secondary"
        busy={state.saving}
        busyLabel={t`Saving…`}
        onClick={() => flow.send({ type: 'save.requested' })}
      >
        <Trans>Save automatic top-up</Trans>
      </Button>
    </section>
  );
}
