import { Trans, useLingui } from '@lingui/react/macro';
import { type DealView, deliveryStatus, formatMoney } from '@vendo/core';
import { Button, CodeDisplay, LinkButton, Spinner, StatusScreen } from '@vendo/ui';
import { useLocation } from 'wouter';
import { ReceiptLink } from '../../lib/frame/receipt-link.tsx';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

/** A retry is making the deal again. */
export function Creating() {
  const { t } = useLingui();
  return (
    <StatusScreen
      tone="progress"
      visual={<Spinner label={t`Making the purchase…`} />}
      title={t`Making the purchase…`}
    />
  );
}

/** Spec §4 connecting screen: the machine is being reached; polled every second until its connect timeout. */
export function Connecting({ view }: { view: DealView }) {
  const { t } = useLingui();
  const name = view.machine.name;
  return (
    <StatusScreen tone="progress" visual={<Spinner label={t`Connecting…`} />} title={t`Connecting to @${name}…`}>
      <p>
        <Trans>Keep this screen open. Your balance is charged only when the machine delivers.</Trans>
      </p>
    </StatusScreen>
  );
}

/**
 * Spec §4 machine-ready screen: a balance sale for any product shows the credit
 * and asks for a selection; any other sale shows the selection number to type.
 */
export function MachineReady({ view }: { view: DealView }) {
  const { t } = useLingui();
  const session = useSession();
  const credit = formatMoney(session.balance ?? 0, currentLocale(), session.currency);
  return (
    <StatusScreen tone="progress" title={t`The machine is ready`}>
      {view.choosesOnMachine ? (
        <>
          <p>
            <Trans>Your credit: {credit}</Trans>
          </p>
          <p>
            <Trans>Make your selection on the machine's keyboard.</Trans>
          </p>
        </>
      ) : (
        <>
          {view.productName && <p>{view.productName}</p>}
          <CodeDisplay label={t`Type this number on the machine's keyboard`} code={view.selection ?? ''} />
        </>
      )}
    </StatusScreen>
  );
}

/** Spec §2 delivering screen: the machine delivers by itself (automatic delivery). */
export function AutoDelivery({ view }: { view: DealView }) {
  const { t } = useLingui();
  const name = view.machine.name;
  const product = view.productName;
  return (
    <StatusScreen tone="progress" visual={<Spinner label={t`Delivering…`} />} title={t`Delivering your product`}>
      <p>
        {product ? (
          <Trans>
            @{name} is delivering {product}. Take it from the tray.
          </Trans>
        ) : (
          <Trans>@{name} is delivering your product. Take it from the tray.</Trans>
        )}
      </p>
      <DealReceiptLink view={view} />
    </StatusScreen>
  );
}

/**
 * Spec §4 status 0: /download, or /download_with_campaign with the campaign's
 * image, text and button; the button is a link only to an http(s) address.
 */
export function Download({ view }: { view: DealView }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const campaign = view.campaign;
  const product = view.productName;
  return (
    <StatusScreen
      tone="success"
      title={t`Enjoy your purchase!`}
      visual={campaign ? <img src={campaign.imageUrl} alt="" width={280} height={160} /> : undefined}
      actions={
        <>
          {campaign?.url && (
            <LinkButton width="full" external href={campaign.url}>
              {campaign.buttonText}
            </LinkButton>
          )}
          <Button
            width="full"
            variant={campaign?.url ? 'secondary' : 'primary'}
            onClick={() => navigate(href('machineInventory'))}
          >
            <Trans>Back to the machine</Trans>
          </Button>
          <DealReceiptLink view={view} />
        </>
      }
    >
      <p>
        {product ? (
          <Trans>Take {product} from the machine's tray.</Trans>
        ) : (
          <Trans>Take your product from the machine's tray.</Trans>
        )}
      </p>
      {campaign?.text && <p>{campaign.text}</p>}
      {campaign && !campaign.url && <p>{campaign.buttonText}</p>}
    </StatusScreen>
  );
}

/** Issue 35 point 3: the receipt of a delivered purchase, where the provider makes one. */
function DealReceiptLink({ view }: { view: DealView }) {
  const { t } = useLingui();
  const { member } = useSession();
  const deal = view.deal;
  if (!member || !deal || deal.delivery_status !== deliveryStatus.delivered) return null;
  return <ReceiptLink memberId={member.id} kind="deal" id={deal.id} label={t`See the receipt`} />;
}
