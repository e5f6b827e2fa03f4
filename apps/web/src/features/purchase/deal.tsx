import { type DealMachine, type DealScreen, dealView } from '@vendo/core';
import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { href, type PathName } from '../../lib/paths.ts';
import { Session } from '../../lib/session.tsx';
import { useAddressFollows } from '../../lib/use-address-follows.ts';
import { CampaignRequirement, ConnectionError, TransactionError } from './deal-problems.tsx';
import { AutoDelivery, Connecting, Creating, Download, MachineReady } from './deal-progress.tsx';
import { RatingPrompt } from './rating-prompt.tsx';

/** Where each screen of the deal flow lives (spec §2 deal-flow routes); a retry keeps the address it started on. */
const screenPaths: Record<Exclude<DealScreen, 'creating'>, PathName> = {
  connecting: 'connecting',
  machineReady: 'machineReady',
  autoDelivery: 'autoDelivery',
  download: 'download',
  downloadWithCampaign: 'downloadWithCampaign',
  connectionError: 'connectionError',
  transactionError: 'transactionError',
  campaignRequirement: 'campaignRequirement',
};

/**
 * Every deal-flow route renders this one screen, which stays mounted while the
 * flow moves between them: the flow decides the screen, the address follows.
 * Without a deal on its way (a reload, a typed address) it returns to the inventory.
 */
export default function Deal() {
  // The session stops the deal when its screens are left (routes.tsx): no reading and no timer outlives them.
  const deal = Session.useSelector((snapshot) => snapshot.context.deal);
  if (!deal) return <Redirect to={href('machineInventory')} replace />;
  return <DealFlow key={deal.id} deal={deal} />;
}

function DealFlow({ deal }: { deal: ActorRefFrom<DealMachine> }) {
  const view = useSelector(deal, dealView);
  const path = view.screen === 'creating' ? null : href(screenPaths[view.screen]);

  useAddressFollows(path);

  const send = () => deal.send({ type: 'deal.retried' });
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        {view.screen === 'creating' && <Creating />}
        {view.screen === 'connecting' && <Connecting view={view} />}
        {view.screen === 'machineReady' && <MachineReady view={view} />}
        {view.screen === 'autoDelivery' && <AutoDelivery view={view} />}
        {(view.screen === 'download' || view.screen === 'downloadWithCampaign') && <Download view={view} />}
        {view.screen === 'connectionError' && <ConnectionError view={view} onRetry={send} />}
        {view.screen === 'transactionError' && <TransactionError view={view} onRetry={send} />}
        {view.screen === 'campaignRequirement' && <CampaignRequirement view={view} />}
      </main>
      {view.delivered && <RatingPrompt />}
    </>
  );
}
