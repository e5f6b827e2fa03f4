import { Trans, useLingui } from '@lingui/react/macro';
import {
  type TaxProfileField,
  type TaxProfileProblemCode,
  taxProfileActors,
  taxProfileMachine,
  taxProfileView,
} from '@vendo/core';
import { Button, LoadState, loadStatus, Notice, Select, TextField } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AppHeader } from '../../../lib/frame/app-header.tsx';
import { submitForm } from '../../../lib/frame/submit-form.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { usePlatform } from '../../../lib/platform/platform.tsx';
import { useSession } from '../../../lib/session.tsx';
import { useFlow } from '../../../lib/use-flow.ts';
import { backTo } from './back-to.ts';
import { taxProfileMessages } from './invoice-messages.ts';

/** Issue 37 point 3: `/tax-profile`, "Datos de facturación": the data every invoice of the member is made out to. */
export default function TaxProfile() {
  const session = useSession();
  if (!session.member) return null;
  return <TaxProfileForm key={session.member.id} memberId={session.member.id} />;
}

function TaxProfileForm({ memberId }: { memberId: number }) {
  const { api } = usePlatform();
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const back = backTo(useSearch());
  const flow = useFlow(taxProfileMachine, taxProfileActors({ api }), { memberId });
  const view = useSelector(flow, taxProfileView);
  const locale = currentLocale();

  // Saved on the way to an invoice: back to the receipt, to ask for it.
  useEffect(() => {
    if (view.saved && back) navigate(back, { replace: true });
  }, [view.saved, back, navigate]);

  const change = (field: TaxProfileField) => (event: { target: { value: string } }) =>
    flow.send({ type: 'field.changed', field, value: event.target.value });
  const problem = (field: TaxProfileField) => {
    const code = view.problems[field];
    if (!code) return undefined;
    // A code core does not know is the provider's own words, already in the member's language.
    return Object.hasOwn(taxProfileMessages, code) ? i18n._(taxProfileMessages[code as TaxProfileProblemCode]) : code;
  };
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        <h1>
          <Trans>Tax details</Trans>
        </h1>
        <LoadState
          status={loadStatus({ loading: view.loading, failed: view.loadFailed || view.unavailable })}
          loadingLabel={t`Loading your tax details…`}
          failure={
            view.unavailable
              ? { title: t`Invoices are not offered here` }
              : {
                  title: t`Your tax details could not be loaded`,
                  action: { label: t`Try again`, onSelect: () => flow.send({ type: 'profile.reloaded' }) },
                }
          }
        >
          <p>
            <Trans>Your invoices (CFDI) are made out to these details. Copy them from your tax certificate.</Trans>
          </p>
          <form
            className="vendo-form"
            noValidate
            onSubmit={(event) => submitForm(event, () => flow.send({ type: 'profile.submitted' }))}
          >
            <TextField
              label={t`RFC`}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              value={view.form.rfc}
              onChange={change('rfc')}
              error={problem('rfc')}
            />
            <TextField
              label={t`Name or company name`}
              hint={t`Exactly as it appears on your tax certificate (Constancia de Situación Fiscal).`}
              autoComplete="off"
              value={view.form.name}
              onChange={change('name')}
              error={problem('name')}
            />
            <TextField
              label={t`Postal code of your tax address`}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              value={view.form.postal_code}
              onChange={change('postal_code')}
              error={problem('postal_code')}
            />
            <Select
              label={t`Tax regime`}
              placeholder={view.regimes.length ? t`Choose your tax regime` : t`Type your RFC first`}
              disabled={view.regimes.length === 0}
              value={view.regimes.some((regime) => regime.code === view.form.tax_regime) ? view.form.tax_regime : ''}
              options={view.regimes.map((regime) => ({
                value: regime.code,
                label: `${regime.code} · ${regime[locale]}`,
              }))}
              onChange={change('tax_regime')}
              error={problem('tax_regime')}
            />
            <Select
              label={t`CFDI use`}
              placeholder={view.uses.length ? t`Choose what the invoice is for` : t`Choose your tax regime first`}
              disabled={view.uses.length === 0}
              value={view.form.cfdi_use}
              options={view.uses.map((use) => ({ value: use.code, label: `${use.code} · ${use[locale]}` }))}
              onChange={change('cfdi_use')}
              error={problem('cfdi_use')}
            />
            {view.failure ? (
              <Notice tone="error">
                {view.failure === 'unreachable' ? (
                  <Trans>Your tax details could not be saved. Check your connection and try again.</Trans>
                ) : (
                  <Trans>Your tax details could not be saved. Try again.</Trans>
                )}
              </Notice>
            ) : null}
            {view.saved && !back ? (
              <Notice tone="info">
                <Trans>Your tax details are saved.</Trans>
              </Notice>
            ) : null}
            <Button type="submit" width="full" busy={view.saving} busyLabel={t`Saving…`}>
              <Trans>Save</Trans>
            </Button>
          </form>
        </LoadState>
      </main>
    </>
  );
}
