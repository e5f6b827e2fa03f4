import { act, screen, waitFor } from '@testing-library/react';
import type { ApiResult, BalanceRefundPlan } from '@vendo/core';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform.tsx';
import { renderApp } from '../test-app.tsx';
import { WithBalanceRefunds } from './with-balance-refunds.tsx';

const plan: BalanceRefundPlan = {
  currency: 'MXN',
  refundable: 86,
  parts: [{ way: 'card', card_brand: 'visa', card_last4: '4242', amount: 86, why: [] }],
  needs_clabe: false,
  bonus_withdrawn: 0,
  bonus_kept: 0,
  month: { refunds_left: 3, amount_left: 5000 },
  minimum: 10,
};

/** A provider whose plan answers `status` (200 with the plan, or an error status) and whose list is empty. */
function providerAnswering(status: number, asked: string[]): Platform {
  const blank = { method: 'GET', path: '/x', error_code: null, message: null, description: null };
  const planAnswer: ApiResult<{ plan: BalanceRefundPlan }> =
    status === 200
      ? { ok: true, value: { plan } }
      : {
          ok: false,
          error: {
            ...blank,
            kind: 'http',
            status,
            action_text: null,
            redirect_url: null,
            cta_image_url: null,
            email_domain: null,
            additional_information: null,
            field_errors: {},
            retry_after: null,
            issues: [],
          },
        };
  const balanceRefunds = {
    plan: async () => {
      asked.push('plan');
      return planAnswer;
    },
    list: async () => {
      asked.push('list');
      return { ok: true, value: { balance_refunds: [] } };
    },
  };
  return { api: { balanceRefunds } } as unknown as Platform;
}

function renderLink(status: number) {
  const asked: string[] = [];
  const app = renderApp(
    <WithBalanceRefunds memberId={17} currency="MXN">
      {(offered) => (offered ? <a href="/balance-refund">Get my balance back</a> : <p>top-up only</p>)}
    </WithBalanceRefunds>,
    { path: '/top-up', platform: providerAnswering(status, asked) },
  );
  return { ...app, asked };
}

describe('issue 37 point 4: the app hides what a provider lacks', () => {
  it('offers "Get my balance back" once the plan reads', async () => {
    renderLink(200);

    await waitFor(() => expect(screen.getByRole('link', { name: 'Get my balance back' })).toBeVisible());
  });

  it('offers nothing where the provider has no balance refunds (404), showing what it showed before', async () => {
    const app = renderLink(404);
    await waitFor(() => expect(app.asked).toEqual(['plan']));

    // The flow takes the answer in before the screen is read.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    expect([screen.queryByRole('link'), screen.getByText('top-up only')]).toEqual([null, expect.anything()]);
  });
});
