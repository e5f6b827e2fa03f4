import type { APIRequestContext, Page } from '@playwright/test';
import { completeMember, devControl } from './members.ts';

interface Member {
  readonly id: number;
  readonly token: string;
}

/**
 * Opens the app already signed in as the member (the stored session of spec §4), in Spanish unless told.
 * The member has already said "not now, never" to the native-app prompt, unless the journey is about it.
 */
export async function enterAs(
  page: Page,
  baseURL: string,
  member: Member,
  locale: 'es' | 'en' = 'es',
  options: { nativeAppPrompt?: boolean } = {},
) {
  await page
    .context()
    .addCookies(
      [
        ['vendo.token', member.token],
        ['vendo.member', String(member.id)],
        ['vendo.locale', locale],
        ...(options.nativeAppPrompt ? [] : [['vendo.dismissed.native-app', '1']]),
      ].map(([name = '', value = '']) => ({ name, value, url: baseURL })),
    );
}

/** A member of its own (complete profile, a card, this balance), with the app open as them. */
export async function newMemberIn(page: Page, request: APIRequestContext, baseURL: string | undefined, balance = 0) {
  const member = await completeMember(request, balance);
  await enterAs(page, baseURL ?? '', member);
  return member;
}

/** The next deal of this member on the machine follows these statuses (or this error), through the dev control. */
export async function script(
  request: APIRequestContext,
  machine: string,
  member: Member,
  body: { deal_statuses?: { status: number; after_ms: number }[]; deal_error?: Record<string, unknown> },
) {
  const answer = await request.post(devControl(`/machines/${machine}/script`), {
    data: { ...body, member_id: member.id },
  });
  if (!answer.ok()) throw new Error(`script ${machine}: ${answer.status()}`);
}

/** A product of a machine, by its name: its id and its user code. */
export async function productOf(
  request: APIRequestContext,
  machine: string,
  name: string,
): Promise<{ id: number; user_code: string }> {
  const found = (await (await request.get(`/api/product_server/${machine}`)).json()) as {
    product_server: { id: number };
  };
  const list = (await (await request.get(`/api/product_servers/${found.product_server.id}/products`)).json()) as {
    product_server_items: { id: number; name: string; user_code: string }[];
  };
  const product = list.product_server_items.find((item) => item.name === name);
  if (!product) throw new Error(`${machine} sells no ${name}`);
  return product;
}

/** A product's id on a machine, by its name. */
export async function productId(request: APIRequestContext, machine: string, name: string): Promise<number> {
  return (await productOf(request, machine, name)).id;
}

/** The member's balance in pesos, as the reference API has it. */
export async function balanceOf(request: APIRequestContext, member: Member): Promise<number> {
  const answer = await request.get(`/api/community_members/${member.id}/balances`, {
    headers: { Authorization: `Token token=${member.token}` },
  });
  const { balances } = (await answer.json()) as { balances: { amount: number }[] };
  return balances[0]?.amount ?? 0;
}

/** Opens a product of a machine (the machine first, as a member would) and taps one of its sale buttons. */
export async function buy(page: Page, machine: string, product: number, button = 'Comprar') {
  await page.goto(`/${machine}`);
  await page.waitForURL(/\/machine-inventory$/);
  await page.goto(`/product/${product}`);
  await page.getByRole('button', { name: button }).click();
}

/**
 * The next deal connects for `connectingMs`, stays at status 2 (ready, or delivering on an automatic
 * machine) for 8 s, then is delivered: each screen lasts long enough for a journey to see it on a loaded
 * machine, where the seeded 1.5 s and 2 s could end before the deal screen's code had loaded.
 */
export function scriptScreensToSee(request: APIRequestContext, machine: string, member: Member, connectingMs: number) {
  return script(request, machine, member, {
    deal_statuses: [
      { status: 2, after_ms: connectingMs },
      { status: 0, after_ms: 8_000 },
    ],
  });
}
