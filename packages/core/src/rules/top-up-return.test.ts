import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../test-support/storage.ts';
import { forgetTopUpReturn, isBackFromTopUp, markTopUpLeaving, topUpReturnId } from './top-up-return.ts';

describe('issue 15 point 9: "Balance recharged" only after a top-up this browser started', () => {
  it('a browser that never left for a checkout is not back from one', () => {
    const storage = memoryStorage();

    expect(isBackFromTopUp(storage)).toBe(false);
  });

  it('a browser that left for the checkout page is back from it', () => {
    const storage = memoryStorage();

    markTopUpLeaving(storage);

    expect(isBackFromTopUp(storage)).toBe(true);
  });

  it('the way back counts once', () => {
    const storage = memoryStorage();
    markTopUpLeaving(storage);

    forgetTopUpReturn(storage);

    expect(isBackFromTopUp(storage)).toBe(false);
  });
});

describe('issue 35 point 3: the way back from a checkout names its top-up', () => {
  it('reads the top-up the browser left to pay, and none where the provider named none', () => {
    const named = memoryStorage();
    const unnamed = memoryStorage();

    markTopUpLeaving(named, 41);
    markTopUpLeaving(unnamed);

    expect([topUpReturnId(named), topUpReturnId(unnamed), isBackFromTopUp(unnamed)]).toEqual([41, null, true]);
  });
});
