import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../test-support/storage.ts';
import {
  leaveForVoucherAuthorization,
  newVoucherState,
  readVoucherCallback,
  VOUCHER_STATE_KEY,
  VOUCHER_STATE_SECONDS,
  voucherAuthorizeUrl,
} from './voucher.ts';

describe('meal-voucher authorization round trip (spec §2 /edenred/callback)', () => {
  it('makes a fresh random state each time', () => {
    const first = newVoucherState();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(newVoucherState()).not.toBe(first);
  });

  it('sends the callback path and the state to the provider', () => {
    expect(voucherAuthorizeUrl('/voucher-provider/oauth/authorize', 'abc')).toBe(
      '/voucher-provider/oauth/authorize?redirect_uri=%2Fedenred%2Fcallback&state=abc',
    );
  });

  it('reads the code when the state is the one kept', () => {
    expect(readVoucherCallback('?code=XYZ&state=abc', 'abc')).toEqual({ ok: true, code: 'XYZ' });
  });

  it('refuses a callback without a code', () => {
    expect(readVoucherCallback('?state=abc', 'abc')).toEqual({ ok: false, problem: 'voucher_no_code' });
  });

  it('refuses another state, or none kept', () => {
    expect(readVoucherCallback('?code=XYZ&state=evil', 'abc')).toEqual({
      ok: false,
      problem: 'voucher_state_mismatch',
    });
    expect(readVoucherCallback('?code=XYZ&state=abc', null)).toEqual({ ok: false, problem: 'voucher_state_mismatch' });
  });
});

describe('leaving for the authorization (spec §2 /edenred/callback)', () => {
  it('keeps the state for 15 minutes, then opens the page that carries it; its answer is read with it', () => {
    const storage = memoryStorage();
    const opened: string[] = [];

    leaveForVoucherAuthorization({ storage, openPage: (url) => opened.push(url) }, '/voucher-provider/oauth/authorize');

    const state = storage.read(VOUCHER_STATE_KEY);
    expect(storage.lifetimes.get(VOUCHER_STATE_KEY)).toBe(VOUCHER_STATE_SECONDS);
    expect(opened).toEqual([`/voucher-provider/oauth/authorize?redirect_uri=%2Fedenred%2Fcallback&state=${state}`]);
    expect(readVoucherCallback(`?code=XYZ&state=${state}`, state)).toEqual({ ok: true, code: 'XYZ' });
  });
});
