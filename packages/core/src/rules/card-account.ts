/** A member's session: their id and the token that speaks for them. Used only as a pair. */
export interface AccountCredentials {
  readonly memberId: number;
  readonly token: string;
}

/** A member id and token as text (an address, storage) → a session, or null when either is missing or malformed. */
export function credentialsOf(
  memberId: string | null | undefined,
  token: string | null | undefined,
): AccountCredentials | null {
  const id = Number(memberId);
  if (!memberId || !Number.isInteger(id) || id <= 0 || !token) return null;
  return { memberId: id, token };
}

/**
 * A phone shown so its owner recognises it and nobody else learns it: only the last 4 digits, behind a mask
 * of fixed length that does not tell how long the number is.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 4 ? `•••• •••• ${digits.slice(-4)}` : '•••• ••••';
}

/**
 * The add-card page of the native app's web view names its account in the address; the browser may already hold
 * a session. `none`: it holds none; `same`: the same member (another session of theirs is still them);
 * `different`: another member, so the member must say which account the card goes to.
 */
export type AccountMatch = 'none' | 'same' | 'different';

export function accountMatch(browser: AccountCredentials | null, link: AccountCredentials): AccountMatch {
  if (browser === null) return 'none';
  return browser.memberId === link.memberId ? 'same' : 'different';
}
