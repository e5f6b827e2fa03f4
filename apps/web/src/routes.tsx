import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Spinner } from '@vendo/ui';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { type PathName, paths } from './paths.ts';
import { Guard, Placeholder } from './shell/guard.tsx';

type Screen = LazyExoticComponent<ComponentType>;

/** Each screen's code loads when its route is visited. */
const screens: Partial<Record<PathName, Screen>> = {
  signIn: lazy(() => import('./screens/sign-in.tsx')),
  phoneVerification: lazy(() => import('./screens/phone-verification.tsx')),
};

/** Titles of the routes whose screens are not built yet (spec §2 purposes). */
const upcoming: Partial<Record<PathName, MessageDescriptor>> = {
  machineSelection: msg`Choose a machine`,
  machineSelectionNew: msg`Choose a machine`,
  machineInventory: msg`Machine inventory`,
  machineInventoryRecharged: msg`Machine inventory`,
  product: msg`Product`,
  topUp: msg`Add funds`,
  paymentMethods: msg`Payment methods`,
  selectPaymentMethod: msg`Add a payment method`,
  addPaymentMethod: msg`Add a payment method`,
  addPaymentMethodMobile: msg`Add a payment method`,
  edenredCallback: msg`Meal-voucher card`,
  profile: msg`My account`,
  editProfile: msg`Edit profile`,
  history: msg`History`,
  addRfidDevice: msg`Add an RFID device`,
  addRfidCard: msg`Link your employee card`,
  linkingRfidCard: msg`Linking your card`,
  rfidError: msg`The card could not be linked`,
  connectingMachineRfid: msg`Connecting to the machine`,
  authenticateUserRfid: msg`Authenticate on the machine`,
  tapCardRfid: msg`Tap your card`,
  cardLinkSuccessful: msg`Card linked`,
  connecting: msg`Connecting to the machine`,
  download: msg`Take your product`,
  downloadWithCampaign: msg`Take your product`,
  autoDelivery: msg`Delivering your product`,
  machineReady: msg`The machine is ready`,
  connectionError: msg`The machine could not be contacted`,
  transactionError: msg`The purchase could not be completed`,
  campaignRequirement: msg`Campaign requirement`,
  delivering: msg`Delivering your product`,
  dealFailed: msg`The purchase could not be completed`,
  machineByName: msg`Machine inventory`,
};

const NotFound = lazy(() => import('./screens/not-found.tsx'));

function Loading() {
  const { i18n } = useLingui();
  return (
    <main className="vendo-page vendo-page--center">
      <Spinner label={i18n._(msg`Loading…`)} />
    </main>
  );
}

function UpcomingScreen({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return <Placeholder title={i18n._(title)} />;
}

/** The route table of spec §2: exact matches, in one place, every route behind the common guard. */
export function Routes() {
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        {(Object.keys(paths) as PathName[]).map((name) => {
          const Screen = screens[name];
          const title = upcoming[name];
          return (
            <Route key={name} path={paths[name].pattern}>
              <Guard access={paths[name].access}>
                {Screen ? <Screen /> : title ? <UpcomingScreen title={title} /> : null}
              </Guard>
            </Route>
          );
        })}
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </Suspense>
  );
}
