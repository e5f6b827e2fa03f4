import { Trans, useLingui } from '@lingui/react/macro';
import {
  APP_VERSION,
  type RewardsView,
  restockAlertsActors,
  restockAlertsMachine,
  taxProfileActors,
  taxProfileMachine,
  taxProfileView,
} from '@vendo/core';
import { SideMenu, type SideMenuItem } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { supportChatUrl } from '../../lib/config.ts';
import { LanguageSwitch } from '../../lib/frame/language-switch.tsx';
import { useShell } from '../../lib/frame/shell-context.tsx';
import { WithBalanceRefunds } from '../../lib/frame/with-balance-refunds.tsx';
import { WithRewards } from '../../lib/frame/with-rewards.tsx';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { ReferenceCredits } from './reference-credits.tsx';
import { RestockAlertList, RestockNews } from './restock-alerts.tsx';

/**
 * Spec §2 side menu: My Account, Add funds, History, Contact us (external chat),
 * Payment methods and the language switch. Employee-number machines hide Add
 * funds and Payment methods; Sign out always works. With it come the member's restock
 * alerts (issue 35 point 2): their list in the menu, and the news of those back on any screen.
 */
export default function AppMenu() {
  const session = useSession();
  const sessionRef = Session.useActorRef();
  const { api } = usePlatform();
  const memberId = session.member?.id;
  // One flow per member: a sign-in as someone else starts it again.
  return memberId === undefined ? (
    <Menu />
  ) : (
    <MemberMenu key={memberId} memberId={memberId} session={sessionRef} api={api} />
  );
}

function MemberMenu({
  memberId,
  session,
  api,
}: {
  memberId: number;
  session: ReturnType<typeof Session.useActorRef>;
  api: ReturnType<typeof usePlatform>['api'];
}) {
  const flow = useFlow(restockAlertsMachine, restockAlertsActors({ api }), { memberId, session });
  // Issue 37 point 3: "Tax details" once the provider says it invoices (a 404 there: no invoices, no item).
  const taxProfile = useFlow(taxProfileMachine, taxProfileActors({ api }), { memberId });
  const invoices = useSelector(taxProfile, (snapshot) => {
    const view = taxProfileView(snapshot);
    return !(view.loading || view.loadFailed || view.unavailable);
  });
  return (
    <>
      <RestockNews flow={flow} />
      <ReferenceCredits />
      <Menu alerts={<RestockAlertList flow={flow} />} invoices={invoices} />
    </>
  );
}

function Menu({ alerts, invoices = false }: { alerts?: ReactNode; invoices?: boolean }) {
  const shell = useShell();
  const session = useSession();
  const sessionRef = Session.useActorRef();
  const [, navigate] = useLocation();
  const { t } = useLingui();
  const { employeeMachine } = session;
  // Held for an employee number, My account and History would only lead back to the form: hidden, and
  // the form offers another machine instead (issue 15 point 1).
  const held = session.needsEmployeeNumber;
  const items: SideMenuItem[] = [
    ...(held ? [] : [{ id: 'account', label: t`My account`, href: href('profile') }]),
    ...(employeeMachine ? [] : [{ id: 'funds', label: t`Add funds`, href: href('topUp') }]),
    ...(held ? [] : [{ id: 'history', label: t`History`, href: href('history') }]),
    ...(held || !invoices ? [] : [{ id: 'tax-profile', label: t`Tax details`, href: href('taxProfile') }]),
    { id: 'contact', label: t`Contact us`, href: supportChatUrl, external: true },
    ...(employeeMachine ? [] : [{ id: 'cards', label: t`Payment methods`, href: href('paymentMethods') }]),
    {
      id: 'logout',
      label: t`Sign out`,
      onSelect: () => {
        shell.closeMenu();
        sessionRef.send({ type: 'session.ended' });
        navigate(href('signIn'), { replace: true });
      },
    },
  ];
  // Issue 36 point 3: "My rewards" once the member has programs or bonus credit; a provider without any shows none.
  const withRewards = (rewards: RewardsView | null): SideMenuItem[] =>
    held || !rewards || (rewards.programs.length === 0 && rewards.bonus.length === 0)
      ? items
      : items.flatMap((item) =>
          item.id === 'history' ? [item, { id: 'rewards', label: t`My rewards`, href: href('rewards') }] : [item],
        );
  // Issue 37 point 4: "Get my balance back" after Add funds, where the provider gives balances back.
  const withRefunds = (shown: SideMenuItem[], offered: boolean): SideMenuItem[] =>
    !offered || employeeMachine
      ? shown
      : shown.flatMap((item) =>
          item.id === 'funds'
            ? [item, { id: 'balanceRefund', label: t`Get my balance back`, href: href('balanceRefund') }]
            : [item],
        );
  return (
    <WithRewards memberId={session.member?.id ?? null} machineId={null}>
      {(rewards) => (
        <WithBalanceRefunds memberId={session.member?.id ?? null} currency={session.currency}>
          {(offered) => (
            <SideMenu
              open={shell.menuOpen}
              title={t`Menu`}
              closeLabel={t`Close the menu`}
              items={withRefunds(withRewards(rewards), offered)}
              onClose={shell.closeMenu}
              onNavigate={(path) => {
                shell.closeMenu();
                navigate(path);
              }}
              footer={
                <>
                  {alerts}
                  <LanguageSwitch />
                  <p className="vendo-version">
                    <Trans>Version {APP_VERSION}</Trans>
                  </p>
                </>
              }
            />
          )}
        </WithBalanceRefunds>
      )}
    </WithRewards>
  );
}
