import { useLingui } from '@lingui/react/macro';
import { formatMoney, referenceNews } from '@vendo/core';
import { useEffect } from 'react';
import { appLocaleOf } from '../../lib/i18n/i18n.ts';
import { readAwaited, writeAwaited } from '../../lib/platform/awaited-references.ts';
import { notify } from '../../lib/platform/system-notification.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * Issue 37 point 1: while the app is open, a store payment credited is told as a system notification (where the
 * member allowed them) when a read of the member brings it; the balance on every screen says it anyway.
 */
export function ReferenceCredits() {
  const { t, i18n } = useLingui();
  const { member } = useSession();
  useEffect(() => {
    const { news, awaited } = referenceNews(member, readAwaited());
    if (news.length === 0) return;
    writeAwaited(awaited);
    for (const reference of news) {
      const amount = formatMoney(reference.amount, appLocaleOf(i18n.locale), reference.currency);
      void notify(
        t`Store payment credited`,
        t`${amount} paid with reference ${reference.reference} is in your balance.`,
        `reference-${reference.id}`,
      );
    }
  }, [member, t, i18n.locale]);
  return null;
}
