import type { Locale } from '@vendo/core';
import { en } from './en.ts';
import { es } from './es.ts';
import type { Texts } from './texts.ts';

export type { ArgumentName, OutcomeWord, Texts, UsageProblem, UsageProblemKind } from './texts.ts';

/** Every language the terminal speaks, each with every text. */
export const catalogs: Readonly<Record<Locale, Texts>> = { es, en };

export const textsFor = (locale: Locale): Texts => catalogs[locale];
