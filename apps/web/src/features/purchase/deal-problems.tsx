import { Trans, useLingui } from '@lingui/react/macro';
import { type DealView, offersTopUp } from '@vendo/core';
import { Button, LinkButton, StatusScreen } from '@vendo/ui';
import { useLocation } from 'wouter';
import { href } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { failureMessages, problemMessages } from './deal-messages.ts';

function BackToMachine({ primary = false, label }: { primary?: boolean; label?: string }) {
  const [, navigate] = useLocation();
  return (
    <Button width="full" variant={primary ? 'primary' : 'secondary'} onClick={() => navigate(href('machineInventory'))}>
      {label ?? <Trans>Back to the machine</Trans>}
    </Button>
  );
}

/** Issue 15 point 10: add funds, then come back to the product the balance did not cover. */
function AddFunds({ productId }: { productId: number | null }) {
  const [, navigate] = useLocation();
  const then = productId === null ? '' : `?then=${encodeURIComponent(href('product', { productId }))}`;
  return (
    <Button width="full" onClick={() => navigate(`${href('topUp')}${then}`)}>
      <Trans>Add funds</Trans>
    </Button>
  );
}

/** Spec §4 failed-deal screen at /connection-error: the status's own title and description, and a retry. */
export function ConnectionError({ view, onRetry }: { view: DealView; onRetry: () => void }) {
  const { i18n } = useLingui();
  const texts = failureMessages[view.failure?.reason ?? 'generic'];
  return (
    <StatusScreen
      tone="error"
      title={i18n._(texts.title)}
      actions={
        <>
          <Button width="full" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
          <BackToMachine />
        </>
      }
    >
      <p>{i18n._(texts.description)}</p>
    </StatusScreen>
  );
}

/**
 * Spec §8 error screen: title = message, body = description, button =
 * action_text, additional information; defaults when the server gave none.
 * -100 retries the deal, -13 goes to redirect_url (http(s) only), others back to the inventory.
 */
export function TransactionError({ view, onRetry }: { view: DealView; onRetry: () => void }) {
  const { t, i18n } = useLingui();
  const { employeeMachine } = useSession();
  const error = view.error;
  if (!error) return null;
  const label = error.actionText ?? (error.action.kind === 'retry' ? t`Try again` : t`Back`);
  const domain = error.emailDomain;
  return (
    <StatusScreen
      tone="error"
      title={error.title ?? t`Internal server error`}
      actions={
        error.action.kind === 'redirect' ? (
          <>
            <LinkButton width="full" external href={error.action.url}>
              {label}
            </LinkButton>
            <BackToMachine />
          </>
        ) : error.action.kind === 'retry' && view.canRetry ? (
          <>
            <Button width="full" onClick={onRetry}>
              {label}
            </Button>
            <BackToMachine />
          </>
        ) : offersTopUp(view.refusal, view.machine, employeeMachine) ? (
          <>
            <AddFunds productId={view.productId} />
            <BackToMachine label={label} />
          </>
        ) : (
          <BackToMachine primary label={label} />
        )
      }
    >
      <p>{error.body ?? i18n._(problemMessages[error.problem])}</p>
      {domain && (
        <p>
          <Trans>Use an email address ending in @{domain} in your profile.</Trans>
        </p>
      )}
      {error.additionalInformation && <p>{error.additionalInformation}</p>}
    </StatusScreen>
  );
}

/** Spec §8 code -11: the campaign asks for something first (e.g. an email); its page opens outside Vendo. */
export function CampaignRequirement({ view }: { view: DealView }) {
  const { t } = useLingui();
  const error = view.error;
  return (
    <StatusScreen
      tone="error"
      title={error?.title ?? t`This machine is part of a campaign`}
      actions={
        <>
          {view.redirectUrl && (
            <LinkButton width="full" external href={view.redirectUrl}>
              {error?.actionText ?? t`See what the campaign asks for`}
            </LinkButton>
          )}
          <BackToMachine />
        </>
      }
    >
      <p>{error?.body ?? t`To buy here, first complete what the campaign asks for.`}</p>
      {error?.additionalInformation && <p>{error.additionalInformation}</p>}
    </StatusScreen>
  );
}
