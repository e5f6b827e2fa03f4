import { type ReceiptKind, receiptActors, receiptMachine, receiptSegmentOf, receiptView } from '@vendo/core';
import { LinkButton } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { href } from '../paths.ts';
import { usePlatform } from '../platform/platform.tsx';
import { useFlow } from '../use-flow.ts';

/** The address of a receipt (issue 35 point 3): `/receipt/deal/7`, `/receipt/top-up/7`. */
export const receiptHref = (kind: ReceiptKind, id: number) =>
  href('receipt', { kind: receiptSegmentOf(kind), receiptId: id });

/**
 * Issue 35 point 3: a link to the receipt of a delivered purchase or a credited top-up, shown once the
 * receipt is read: a provider without receipts (404) shows what it showed before, no link. The label comes
 * from the screen that shows it, in that screen's texts.
 */
export function ReceiptLink({
  memberId,
  kind,
  id,
  label,
}: {
  memberId: number;
  kind: ReceiptKind;
  id: number;
  label: string;
}) {
  const { api } = usePlatform();
  const flow = useFlow(receiptMachine, receiptActors({ api }), { memberId, kind, id });
  const { receipt } = useSelector(flow, receiptView);
  if (!receipt) return null;
  return (
    <Link href={receiptHref(kind, id)} asChild>
      <LinkButton width="full" variant="secondary">
        {label}
      </LinkButton>
    </Link>
  );
}
