import { Trans, useLingui } from '@lingui/react/macro';
import {
  type CommunityMember,
  GENDERS,
  type ProfileField,
  profileActors,
  profileMachine,
  profileView,
  serverMessage,
  typeBirthDate,
} from '@vendo/core';
import { Button, Checkbox, Modal, Notice, Select, TextField, useKeptCaret } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { submitForm } from '../../lib/frame/submit-form.ts';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { genderLabels, profileMessages } from './account-messages.ts';

/** Spec §2 `/edit-profile` (spec §5 profile save). */
export default function EditProfile() {
  const session = useSession();
  if (!session.member) return null;
  return <ProfileEditor member={session.member} employeeMachine={session.employeeMachine} />;
}

function ProfileEditor({ member, employeeMachine }: { member: CommunityMember; employeeMachine: boolean }) {
  const { api } = usePlatform();
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const session = useSession();
  // Saved: the flow tells the session, which reads the member again.
  const flow = useFlow(profileMachine, profileActors({ api }), {
    member,
    employeeMachine,
    now: new Date(),
    session: Session.useActorRef(),
    locale: currentLocale(),
  });
  const view = useSelector(flow, profileView);
  const birthDateCaret = useKeptCaret();

  // Saved: back to the profile. On an employee-number machine the guard keeps this screen until the member
  // the session read back has the number, so the move waits for it.
  useEffect(() => {
    if (view.saved && !session.needsEmployeeNumber) navigate(href('profile'), { replace: true });
  }, [view.saved, session.needsEmployeeNumber, navigate]);

  const email = view.form.email;
  const change = (field: ProfileField) => (event: { target: { value: string } }) =>
    flow.send({ type: 'field.changed', field, value: event.target.value });
  const problem = (field: ProfileField) => {
    const found = view.problems[field];
    return found ? i18n._(profileMessages[found]) : undefined;
  };
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        <h1>
          <Trans>Edit my profile</Trans>
        </h1>
        {session.needsEmployeeNumber && (
          <Notice tone="warning">
            <Trans>This machine is for employees: add your employee number to go on.</Trans>{' '}
            <Link href={href('machineSelectionNew', { selectNew: 'new' })}>
              <Trans>Choose another machine</Trans>
            </Link>
          </Notice>
        )}
        <form
          className="vendo-form"
          noValidate
          onSubmit={(event) => submitForm(event, () => flow.send({ type: 'profile.submitted' }))}
        >
          <TextField
            label={t`Name`}
            autoComplete="name"
            value={view.form.name}
            onChange={change('name')}
            error={problem('name')}
          />
          <TextField
            label={t`Birth date`}
            inputMode="numeric"
            placeholder={t`DD/MM/YYYY`}
            autoComplete="bday"
            ref={birthDateCaret.ref}
            value={view.form.birthDate}
            onChange={(event) => {
              birthDateCaret.typed(event.target);
              flow.send({
                type: 'field.changed',
                field: 'birthDate',
                value: typeBirthDate(view.form.birthDate, event.target.value),
              });
            }}
            error={problem('birthDate')}
          />
          <Select
            label={t`Gender`}
            placeholder={t`Choose an option`}
            value={view.form.gender}
            options={GENDERS.map((gender) => ({ value: gender, label: i18n._(genderLabels[gender]) }))}
            onChange={change('gender')}
            error={problem('gender')}
          />
          <TextField
            label={t`Email`}
            type="email"
            autoComplete="email"
            value={view.form.email}
            onChange={change('email')}
            error={problem('email')}
          />
          {view.employeeMachine && (
            <TextField
              label={t`Employee number`}
              inputMode="numeric"
              value={view.form.employeeNumber}
              onChange={change('employeeNumber')}
              error={problem('employeeNumber')}
            />
          )}
          {view.sendReceipts !== null && (
            <>
              <Checkbox
                label={t`Send me every receipt by email`}
                checked={view.sendReceipts}
                onChange={(event) => flow.send({ type: 'receipts.toggled', on: event.target.checked })}
              />
              {view.emailConfirmed === false && (
                <p>
                  <Trans>They will go out once your email is confirmed.</Trans>
                </p>
              )}
            </>
          )}
          {view.error && (
            <Notice tone="error">
              {serverMessage(view.error) ?? t`Your profile could not be saved. Check your connection and try again.`}
            </Notice>
          )}
          <Button type="submit" width="full" busy={view.saving} busyLabel={t`Saving…`}>
            <Trans>Save</Trans>
          </Button>
          <Button
            width="full"
            variant="secondary"
            busy={view.resending}
            busyLabel={t`Sending…`}
            onClick={() => flow.send({ type: 'email.resend' })}
          >
            <Trans>Resend the email verification</Trans>
          </Button>
          {view.resent && (
            <Notice tone="info">
              <Trans>We sent the verification email again.</Trans>
            </Notice>
          )}
        </form>
      </main>
      <Modal
        open={view.confirmEmail}
        title={t`Confirm your email`}
        closeLabel={t`Close`}
        onClose={() => flow.send({ type: 'confirm.closed' })}
      >
        <p>
          <Trans>We sent a link to {email}. Open it to confirm your new email.</Trans>
        </p>
      </Modal>
    </>
  );
}
