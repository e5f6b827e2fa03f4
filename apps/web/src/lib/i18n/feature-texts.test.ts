import type { Messages } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { featureTexts } from './feature-texts.ts';

describe('a feature catalog that failed to load is loaded again (issue 15 point 25)', () => {
  it('applies the texts on the visit after a failed load', async () => {
    const applied: Messages[] = [];
    const catalog = vi
      .fn<(feature: 'account') => Promise<{ messages: Messages }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ messages: { 'My account': 'Mi cuenta' } });
    const texts = featureTexts(catalog, ({ messages }) => applied.push(messages));
    await expect(texts.load('account')).rejects.toThrow();

    await texts.load('account');

    expect(applied).toEqual([{ 'My account': 'Mi cuenta' }]);
  });

  it('loads a catalog that arrived only once', async () => {
    const catalog = vi.fn(async () => ({ messages: {} }));
    const texts = featureTexts(catalog, () => {});

    await texts.load('account');
    await texts.load('account');

    expect(catalog).toHaveBeenCalledTimes(1);
  });

  it('counts a feature as wanted from its first request, so a language switch meanwhile loads it too', () => {
    const texts = featureTexts(
      () => new Promise(() => {}),
      () => {},
    );

    void texts.load('account');

    expect(texts.wanted()).toEqual(['account']);
  });
});
