import { Trans, useLingui } from '@lingui/react/macro';
import {
  formatMonthYear,
  type InvoiceFileFormat,
  invoiceFile,
  monthIn,
  type TopUpInvoiceView,
  topUpInvoiceActors,
  topUpInvoiceMachine,
  topUpInvoiceView,
} from '@vendo/core';
import { Button, DetailList, LinkButton, Notice } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { href } from '../../../lib/paths.ts';
import { usePlatform } from '../../../lib/platform/platform.tsx';
import { useSession } from '../../../lib/session.tsx';
import { useFlow } from '../../../lib/use-flow.ts';
import { invoiceFailureMessages } from './invoice-messages.ts';

interface TopUpInvoiceProps {
  readonly memberId: number;
  readonly topUpId: number;
  /** When the top-up was paid: the month an invoice may be asked for in (Mexico City's). */
  readonly paidAt: string;
}

/** The tax-profile form, coming back to this receipt once saved. */
const profileHref = (topUpId: number) =>
  `${href('taxProfile')}?back=${encodeURIComponent(`/receipt/top-up/${topUpId}`)}`;

/** The failures the member fixes in their tax details; the service not answering is only tried again. */
const dataFailure = (failure: string) => failure !== 'pac_unavailable';

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/**
 * The file the member asked for, saved by the browser from the files already read: a Blob behind an
 * `<a download>`. Each ask saves once; the addresses made are let go when the receipt closes.
 */
function useSavedFiles(view: TopUpInvoiceView) {
  const saved = useRef(0);
  const addresses = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const address of addresses.current) URL.revokeObjectURL(address);
    },
    [],
  );
  useEffect(() => {
    const { files, wanted } = view;
    if (!files || !wanted || wanted.count === saved.current) return;
    saved.current = wanted.count;
    const file = invoiceFile(files, wanted.format);
    const blob = new Blob([file.text ?? bytesOf(file.base64)], { type: file.type });
    const anchor = document.createElement('a');
    anchor.href = URL.createObjectURL(blob);
    anchor.download = file.name;
    addresses.current.push(anchor.href);
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  }, [view]);
}

/**
 * Issue 37 point 3: a credited top-up's invoice (CFDI), on its receipt: asked for while the Mexico City month it
 * was paid in is open, else why not (its month over, or some of it given back); once issued its folio fiscal, its XML and PDF and the e-mail; refused, why
 * and the way to fix it. A provider without invoices shows nothing of them.
 */
export default function TopUpInvoice({ memberId, topUpId, paidAt }: TopUpInvoiceProps) {
  const { api } = usePlatform();
  const { t, i18n } = useLingui();
  const flow = useFlow(topUpInvoiceMachine, topUpInvoiceActors({ api }), { memberId, topUpId });
  const view = useSelector(flow, topUpInvoiceView);
  useSavedFiles(view);
  if (view.hidden) return null;
  const request = () => flow.send({ type: 'invoice.requested' });
  const month = formatMonthYear(monthIn(new Date(paidAt)), currentLocale());
  return (
    <section className="vendo-section vendo-form vendo-invoice" aria-labelledby="invoice-title">
      <h2 id="invoice-title">
        <Trans>Invoice (CFDI)</Trans>
      </h2>
      {view.loadFailed ? (
        <>
          <Notice tone="error">
            <Trans>The invoice could not be loaded.</Trans>
          </Notice>
          <Button width="full" variant="secondary" onClick={() => flow.send({ type: 'invoice.reloaded' })}>
            <Trans>Try again</Trans>
          </Button>
        </>
      ) : null}
      {view.canRequest || view.requesting ? (
        <Button width="full" busy={view.requesting} busyLabel={t`Requesting the invoice…`} onClick={request}>
          <Trans>Request an invoice</Trans>
        </Button>
      ) : null}
      {view.closed ? (
        <p>
          <Trans>You can only invoice a payment in the month it was made; this payment was made in {month}.</Trans>
        </p>
      ) : null}
      {view.refunded ? (
        <p>
          <Trans>Part of this payment was given back to you, so it cannot be invoiced.</Trans>
        </p>
      ) : null}
      {view.profileNeeded ? (
        <>
          <p>
            <Trans>To invoice it, first save the tax details the invoice is made out to.</Trans>
          </p>
          <Link href={profileHref(topUpId)} asChild>
            <LinkButton width="full">
              <Trans>Write my tax details</Trans>
            </LinkButton>
          </Link>
        </>
      ) : null}
      {view.failure ? (
        <>
          <Notice tone="error">{i18n._(invoiceFailureMessages[view.failure])}</Notice>
          {dataFailure(view.failure) ? (
            <Link href={profileHref(topUpId)} asChild>
              <LinkButton width="full" variant="secondary">
                <Trans>Correct my details</Trans>
              </LinkButton>
            </Link>
          ) : null}
          <Button width="full" onClick={request}>
            <Trans>Try again</Trans>
          </Button>
        </>
      ) : null}
      {view.issued ? (
        <Issued
          view={view}
          onDownload={(format) => flow.send({ type: 'files.requested', format })}
          onEmail={() => flow.send({ type: 'email.requested' })}
        />
      ) : null}
      {view.problem && !view.loadFailed ? (
        <Notice tone="error">
          {view.problem === 'unreachable' ? (
            <Trans>There was no answer. Check your connection and try again.</Trans>
          ) : (
            <Trans>That did not work. Try again.</Trans>
          )}
        </Notice>
      ) : null}
    </section>
  );
}

function Issued({
  view,
  onDownload,
  onEmail,
}: {
  view: TopUpInvoiceView;
  onDownload: (format: InvoiceFileFormat) => void;
  onEmail: () => void;
}) {
  const { t } = useLingui();
  const { member } = useSession();
  const invoice = view.issued;
  if (!invoice) return null;
  const confirmed = member?.email_confirmed;
  return (
    <>
      <DetailList
        rows={[
          [t`Folio fiscal (UUID)`, invoice.uuid ?? ''],
          ...(invoice.series_folio ? [[t`Series and folio`, invoice.series_folio] as [string, string]] : []),
        ]}
      />
      <Button
        width="full"
        variant="secondary"
        busy={view.downloading}
        busyLabel={t`Preparing the file…`}
        onClick={() => onDownload('xml')}
      >
        <Trans>Download XML</Trans>
      </Button>
      <Button
        width="full"
        variant="secondary"
        busy={view.downloading}
        busyLabel={t`Preparing the file…`}
        onClick={() => onDownload('pdf')}
      >
        <Trans>Download PDF</Trans>
      </Button>
      {confirmed === false || view.mailProblem === 'notConfirmed' ? (
        <p>
          <Trans>
            Confirm your email to have the invoice sent to it: <Link href={href('editProfile')}>edit my profile</Link>.
          </Trans>
        </p>
      ) : (
        <Button width="full" variant="secondary" busy={view.emailing} busyLabel={t`Sending…`} onClick={onEmail}>
          <Trans>Send the invoice to my email</Trans>
        </Button>
      )}
      {view.emailed ? (
        <Notice tone="info">
          <Trans>The invoice is on its way to {member?.email}.</Trans>
        </Notice>
      ) : view.mailProblem === 'tooOften' ? (
        <Notice tone="error">
          <Trans>You have asked for it many times. Try again later.</Trans>
        </Notice>
      ) : view.mailProblem === 'failed' ? (
        <Notice tone="error">
          <Trans>The invoice could not be sent. Try again.</Trans>
        </Notice>
      ) : null}
    </>
  );
}
