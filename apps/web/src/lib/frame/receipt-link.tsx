import { type ReceiptKind, receiptActors, receiptMachine, receiptSegmentOf, receiptView } from '@vendo/core';
import { LinkButton } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { href } from '../paths.ts';
import { usePlatform } from '../platform/platform.tsx';
import { useFlow } from '../use-flow.ts';

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
  const [, navigate] = useLocation();
  const flow = useFlow(receiptMachine, receiptActors({ api }), { memberId, kind, id });
  const { receipt } = useSelector(flow, receiptView);
  if (!receipt) return null;
  const to = href('receipt', { kind: receiptSegmentOf(kind), receiptId: id });
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigate(to);
  };
  return (
    <LinkButton width="full" variant="secondary" href={to} onClick={open}>
      {label}
    </LinkButton>
  );
}
