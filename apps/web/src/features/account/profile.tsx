import { Trans, useLingui } from '@lingui/react/macro';
import {
  employeeCardOffer,
  formatDateTime,
  formatMonthYear,
  formatMovement,
  memberRfidsActors,
  memberRfidsMachine,
  memberRfidsView,
  rfidOffers,
} from '@vendo/core';
import { Button, DetailList, LinkButton, ListButton } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { genderLabels } from './account-messages.ts';

/**
 * Spec §2 `/profile`: name, gender, birth month and year, email, phone, the
 * employee number on employee-number machines, linked RFID cards or devices,
 * the last transaction, history, logout and edit.
 */
export default function Profile() {
  const session = useSession();
  const sessionRef = Session.useActorRef();
  const { api } = usePlatform();
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const rfidFlow = useFlow(memberRfidsMachine, memberRfidsActors({ api }));
  const { rfids, deleting } = useSelector(rfidFlow, memberRfidsView);
  const offers = rfidOffers(session.machine);
  const employeeCard = employeeCardOffer(session.machine, session.member);
  const member = session.member;
  if (!member) return null;
  const born = formatMonthYear(member.birth_date ?? '', currentLocale()) || '—';
  const last = member.last_transaction;
  // Issue 35 point 4: whether the address is confirmed, where the provider says (another says nothing).
  const emailWithState = (email: string, confirmed: boolean | undefined) =>
    confirmed === undefined ? email : confirmed ? t`${email} (confirmed)` : t`${email} (not confirmed yet)`;
  const rows: [string, string][] = [
    [t`Name`, member.name ?? '—'],
    [t`Gender`, member.gender ? i18n._(genderLabels[member.gender]) : '—'],
    [t`Born`, born],
    [t`Email`, member.email ? emailWithState(member.email, member.email_confirmed) : '—'],
    [t`Phone`, member.phone ?? '—'],
    ...(session.employeeMachine ? [[t`Employee number`, member.facebook_uid ?? '—'] as [string, string]] : []),
  ];
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        <h1>
          <Trans>My account</Trans>
        </h1>
        <DetailList rows={rows} />
        <section className="vendo-section" aria-labelledby="rfids">
          <h2 id="rfids">
            <Trans>Linked cards and devices</Trans>
          </h2>
          {rfids.length === 0 ? (
            <p>
              <Trans>No employee card or device is linked yet.</Trans>
            </p>
          ) : (
            <ul className="vendo-list">
              {rfids.map(({ id, name, rfid_id: rfidId }) => (
                <li key={id} className="vendo-row">
                  <span>
                    {name} · {rfidId}
                  </span>
                  <Button
                    variant="secondary"
                    width="sm"
                    busy={deleting === id}
                    busyLabel={t`Deleting…`}
                    aria-label={t`Delete ${name}`}
                    onClick={() => rfidFlow.send({ type: 'rfid.deleted', rfidId: id })}
                  >
                    <Trans>Delete</Trans>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {employeeCard && (
            <Link href={href('addRfidCard')}>
              {employeeCard === 'replace' ? (
                <Trans>Replace your employee card</Trans>
              ) : (
                <Trans>Link your employee card</Trans>
              )}
            </Link>
          )}
          {offers.remoteDevices && (
            <Link href={href('addRfidDevice')}>
              <Trans>Add a device</Trans>
            </Link>
          )}
        </section>
        <section className="vendo-section" aria-labelledby="last">
          <h2 id="last">
            <Trans>Last transaction</Trans>
          </h2>
          <p>
            {last
              ? [
                  last.description,
                  formatMovement(last.amount, currentLocale()),
                  formatDateTime(last.date, currentLocale()),
                ]
                  .filter(Boolean)
                  .join(' · ')
              : t`No purchases yet.`}
          </p>
          <ListButton title={t`History`} onSelect={() => navigate(href('history'))} />
        </section>
        <div className="vendo-form vendo-section">
          <Link href={href('editProfile')} asChild>
            <LinkButton width="full">
              <Trans>Edit my profile</Trans>
            </LinkButton>
          </Link>
          <Button
            width="full"
            variant="secondary"
            onClick={() => {
              sessionRef.send({ type: 'session.ended' });
              navigate(href('signIn'), { replace: true });
            }}
          >
            <Trans>Sign out</Trans>
          </Button>
        </div>
      </main>
    </>
  );
}
