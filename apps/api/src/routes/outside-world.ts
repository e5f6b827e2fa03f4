import { formatCardCharge } from '@vendo/core';
import { fromMinorUnits } from '@vendo/core/contract';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Lang } from '../domain/lang.ts';
import type { AppEnv } from '../http/env.ts';
import { Problem } from '../http/problem.ts';
import { completeTopUp, pendingCheckout } from '../services/top-ups.ts';
import { recordCheckoutCharge } from '../sim/card-refunds.ts';
import { voucherCodeMinutes } from '../sim/voucher-provider.ts';
import type { Deps } from './deps.ts';

const page = (lang: Lang, title: string, body: unknown) => html`<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 0; padding: 1.5rem; max-width: 28rem; color: #1b1b1b; }
      button, a.button { display: block; width: 100%; min-height: 44px; margin-top: 1rem; font-size: 1rem;
        border-radius: 0.5rem; border: 0; background: #0b6e4f; color: #fff; text-align: center; text-decoration: none; line-height: 44px; }
      a.secondary { background: #e7e7e7; color: #1b1b1b; }
    </style>
  </head>
  <body>
    <main>${body}</main>
  </body>
</html>`;

const texts = {
  es: {
    checkout: 'Pago de recarga',
    pay: 'Pagar',
    cancel: 'Cancelar',
    gone: 'Este pago ya no está disponible.',
    back: 'Volver a Vendo',
    reference: 'Paga en tienda con esta referencia',
    voucher: 'Autoriza a Vendo a usar tu tarjeta de vales',
    authorize: 'Autorizar',
    badRedirect: 'La dirección de regreso no es válida.',
    tooMany: 'Demasiados intentos. Espera unos minutos e intenta de nuevo.',
    busy: 'No podemos autorizar tarjetas de vales ahora. Intenta de nuevo en unos minutos.',
    campaign: 'Completa tu perfil con un correo para participar en esta campaña.',
    editProfile: 'Editar perfil',
  },
  en: {
    checkout: 'Top-up payment',
    pay: 'Pay',
    cancel: 'Cancel',
    gone: 'This payment is no longer available.',
    back: 'Back to Vendo',
    reference: 'Pay at a store with this reference',
    voucher: 'Allow Vendo to use your meal-voucher card',
    authorize: 'Authorize',
    badRedirect: 'The return address is not valid.',
    tooMany: 'Too many attempts. Wait a few minutes and try again.',
    busy: 'We cannot authorize meal-voucher cards right now. Try again in a few minutes.',
    campaign: 'Complete your profile with an email to take part in this campaign.',
    editProfile: 'Edit profile',
  },
} as const;

/** Only the app's own voucher callback may receive a code: never an open redirect. */
const voucherCallback = /^\/edenred\/callback$/;

/**
 * The emulated outside world a member visits: the provider's checkout page for
 * pay-without-saving, the store reference page, the meal-voucher authorization
 * page, and the campaign requirement page.
 */
export function outsideWorldRoutes(deps: Deps) {
  const { db, limits, log, voucherProvider } = deps;
  const app = new Hono<AppEnv>();

  app.get('/provider/checkout/:session', async (c) => {
    const t = texts[c.get('lang')];
    const topUp = await pendingCheckout(db, c.req.param('session'));
    if (!topUp)
      return c.html(
        page(c.get('lang'), t.checkout, html`<h1>${t.gone}</h1><a class="button" href="/top-up">${t.back}</a>`),
        404,
      );
    // As the card statement will read: "$200.00 MXN", "¥2,000 JPY".
    const amount = formatCardCharge(fromMinorUnits(topUp.amount_cents, topUp.currency), c.get('lang'), topUp.currency);
    return c.html(
      page(
        c.get('lang'),
        t.checkout,
        html`<h1>${t.checkout}</h1>
          <p>${amount}</p>
          <form method="post"><button type="submit">${t.pay} ${amount}</button></form>
          <a class="button secondary" href="/top-up">${t.cancel}</a>`,
      ),
    );
  });

  app.post('/provider/checkout/:session', async (c) => {
    const paid = await completeTopUp(deps, c.req.param('session'));
    // The provider keeps the card charge it took, by the order Vendo named (a balance refund gives it back).
    if (paid.outcome === 'credited' && paid.topUp.order_id) {
      await recordCheckoutCharge(deps.db, {
        topUpId: paid.topUp.id,
        orderId: paid.topUp.order_id,
        amountCents: paid.topUp.amount_cents,
        at: paid.topUp.paid_at ?? deps.clock.now(),
      });
    }
    return c.redirect(paid.outcome === 'credited' ? '/machine-inventory/balanceRecharged' : '/top-up', 303);
  });

  app.get('/provider/references/:reference', async (c) => {
    const t = texts[c.get('lang')];
    const reference = c.req.param('reference').replace(/\D/g, '').slice(0, 16);
    return c.html(
      page(
        c.get('lang'),
        t.reference,
        html`<h1>${t.reference}</h1><p><strong>${reference}</strong></p><a class="button" href="/top-up">${t.back}</a>`,
      ),
    );
  });

  app.get('/voucher-provider/oauth/authorize', (c) => {
    const t = texts[c.get('lang')];
    const redirectUri = c.req.query('redirect_uri') ?? '';
    const state = c.req.query('state') ?? '';
    if (!voucherCallback.test(redirectUri))
      return c.html(page(c.get('lang'), t.voucher, html`<h1>${t.badRedirect}</h1>`), 400);
    return c.html(
      page(
        c.get('lang'),
        t.voucher,
        html`<h1>${t.voucher}</h1>
          <form method="post">
            <input type="hidden" name="redirect_uri" value="${redirectUri}" />
            <input type="hidden" name="state" value="${state}" />
            <button type="submit">${t.authorize}</button>
          </form>
          <a class="button secondary" href="/payment-methods">${t.cancel}</a>`,
      ),
    );
  });

  app.post('/voucher-provider/oauth/authorize', async (c) => {
    const form = await c.req.parseBody();
    const redirectUri = String(form.redirect_uri ?? '');
    const t = texts[c.get('lang')];
    if (!voucherCallback.test(redirectUri)) return c.text(t.badRedirect, 400);
    // Anyone may ask, without an account: each code is a row, so asking is limited per address and in all.
    try {
      await limits.take('voucherCodesPerAddress', c.get('clientAddress'));
    } catch (refusal) {
      if (!(refusal instanceof Problem)) throw refusal;
      for (const [name, value] of Object.entries(refusal.headers)) c.header(name, value);
      return c.html(page(c.get('lang'), t.voucher, html`<h1>${t.tooMany}</h1>`), 429);
    }
    const code = await voucherProvider.authorize();
    if (code === null) {
      log.warn('vendo: voucher authorizations: the live-code cap is reached, none handed out');
      c.header('Retry-After', String(voucherCodeMinutes * 60));
      return c.html(page(c.get('lang'), t.voucher, html`<h1>${t.busy}</h1>`), 503);
    }
    const query = new URLSearchParams({ code, state: String(form.state ?? '') });
    return c.redirect(`${redirectUri}?${query}`, 303);
  });

  app.get('/campaign/:name', (c) => {
    const t = texts[c.get('lang')];
    return c.html(
      page(
        c.get('lang'),
        t.campaign,
        html`<h1>${t.campaign}</h1><a class="button" href="/edit-profile">${t.editProfile}</a>`,
      ),
    );
  });

  return app;
}
