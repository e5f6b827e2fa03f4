import * as z from 'zod/mini';

/** Provider ids are positive integers. */
export const Id = z.int().check(z.positive());

/** An amount of money in major units (pesos), as the provider sends it. */
export const Money = z.number().check(z.refine(Number.isFinite, 'money must be finite'));

/** A present-but-unknown value may come as null or be left out; both mean "none". */
export const nullish = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

/** ISO-8601 timestamp string, with or without offset. */
export const Timestamp = z.iso.datetime({ offset: true, local: true });

/** Calendar date as YYYY-MM-DD. */
export const CalendarDate = z.iso.date();

export const Locale = z.enum(['es', 'en']);
export type Locale = z.infer<typeof Locale>;

/** Spec §3: country codes offered at sign-in. */
export const CountryCode = z.enum(['+52', '+31', '+1', '+972', '+81']);
export type CountryCode = z.infer<typeof CountryCode>;
