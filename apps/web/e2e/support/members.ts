import type { APIRequestContext } from '@playwright/test';

/**
 * The reference API's dev control (SMS outbox, members, machine scripts): on the app's own origin, or on the
 * reference API's when the app runs alone in front of it (E2E_DEV_ORIGIN, playwright.app-only.config.ts),
 * since an app in front of a provider passes on only the provider's own paths.
 */
export const devControl = (path: string) => `${process.env.E2E_DEV_ORIGIN ?? ''}/__dev${path}`;

/** A phone number no other journey uses, so the per-number limits never leak between tests. */
export function freshPhone(): string {
  return `55${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** The last sign-in code the reference API "texted" to a number (dev outbox). */
export async function lastCode(request: APIRequestContext, phone: string, country = '+52'): Promise<string> {
  const answer = await request.get(devControl(`/sms?phone=${encodeURIComponent(country + phone)}`));
  const { messages } = (await answer.json()) as { messages: { code: string }[] };
  const code = messages[0]?.code;
  if (!code) throw new Error(`no code was sent to ${country}${phone}`);
  return code;
}

/**
 * Issue 32 point 1: what a stranger who cannot read the text can do meanwhile: wrong checks without the send's
 * challenge (as many as such checks may take of the code, and more) and with challenges of nobody's send.
 */
export async function strangerGuesses(request: APIRequestContext, phone: string, code: string) {
  for (let guess = 1; guess <= 5; guess++) {
    const verify_code = String((Number(code) + guess) % 10_000).padStart(4, '0');
    await request.post('/api/community_members/confirm', { data: { phone, countries: '+52', verify_code } });
    await request.post('/api/community_members/confirm', {
      data: { phone, countries: '+52', verify_code, challenge: `forged-${guess}` },
    });
  }
}

const providerKey = Buffer.from('pk_vendo_sandbox:').toString('base64');

/**
 * A member of its own for one journey, with a complete profile and a saved card,
 * so signing in goes straight on (no prompts) and no journey shares a number.
 */
export async function completeMember(
  request: APIRequestContext,
  balance = 0,
): Promise<{ phone: string; id: number; token: string }> {
  const phone = freshPhone();
  const made = await request.post(devControl('/members'), {
    data: { phone: `+52${phone}`, ...(balance ? { balance } : {}) },
  });
  const { id, auth_token } = (await made.json()) as { id: number; auth_token: string };
  const headers = { Authorization: `Token token=${auth_token}` };
  await request.patch(`/api/community_members/${id}`, {
    headers,
    data: { name: 'Prueba Vendo', gender: 'Otro', email: `e2e${phone}@vendo.mx`, birth_date: '1990-01-01' },
  });
  const token = await request.post('/provider/v1/mvendosandbox/tokens', {
    headers: { Authorization: `Basic ${providerKey}` },
    data: {
      card_number: '4242424242424242',
      holder_name: 'Prueba',
      expiration_year: '30',
      expiration_month: '12',
      cvv2: '123',
    },
  });
  const { id: providerToken } = (await token.json()) as { id: string };
  await request.post(`/api/community_members/${id}/credit_cards`, {
    headers,
    data: { token: providerToken, device_session_id: 'e2e', holder_name: 'Prueba', brand_name: 'visa' },
  });
  return { phone, id, token: auth_token };
}

/** The member's deals as the reference API has them. */
export async function dealsOf(request: APIRequestContext, member: { id: number; token: string }) {
  const answer = await request.get(`/api/community_members/${member.id}/deals`, {
    headers: { Authorization: `Token token=${member.token}` },
  });
  return ((await answer.json()) as { deals: { id: number; delivery_status: number; sale_type_code: number }[] }).deals;
}
