/**
 * Spec §5/§9: a top-up is whole pesos from the machine country's minimum (50 where the country names
 * none) to 2000, in the country's currency (MXN by default). The member's form and the provider that
 * takes the money hold to the same figures.
 */
export const topUpBounds = { defaultMinimum: 50, maximum: 2_000, defaultCurrency: 'MXN' } as const;

/**
 * Issue 32 point 5: the most one top-up loads, stated per currency in whole units; a currency not named
 * here has the spec's 2000.
 */
export const topUpMaxima: Readonly<Record<string, number>> = { MXN: topUpBounds.maximum, JPY: 20_000 };

export const topUpMaximum = (currency: string) => topUpMaxima[currency] ?? topUpBounds.maximum;
