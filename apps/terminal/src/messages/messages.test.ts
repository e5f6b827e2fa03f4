import {
  type ApiErrorKind,
  type DealProblem,
  type FailureReason,
  failureReason,
  type SignInErrorCode,
  type SignInProblem,
} from '@vendo/core';
import { describe, expect, it } from 'vitest';
import { catalogs } from './index.ts';

const languages = Object.entries(catalogs);

/** Every text of a catalog, by its path, with functions called on sample values. */
function texts(value: unknown, path = ''): [string, unknown][] {
  if (typeof value === 'function') return [[path, value('7', '7')]];
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) => texts(inner, path ? `${path}.${key}` : key));
  }
  return [[path, value]];
}

/** Every delivery status a machine may report, and one nobody knows. */
const statuses = Array.from({ length: 20 }, (_, status) => status);
const reasons: FailureReason[] = [...new Set(statuses.map(failureReason))];
const problems: DealProblem[] = ['refused', 'unreachable', 'notFound', 'malformed', 'unknownStatus'];
const signInErrors: SignInErrorCode[] = [
  'code_wrong',
  'code_expired',
  'code_killed',
  'code_sends_paused',
  'too_many_requests',
  'unreachable',
  'unknown',
];
const phoneProblems: SignInProblem[] = ['country_required', 'phone_length', 'privacy_required', 'phone_unreadable'];
const apiErrorKinds: ApiErrorKind[] = ['http', 'network', 'timeout', 'schema', 'aborted'];

describe('the message tables: every code core hands over has its text in es and en', () => {
  it('speaks Spanish and English', () => {
    expect(Object.keys(catalogs).sort()).toEqual(['en', 'es']);
  });

  it('has the same texts in both languages', () => {
    const paths = (catalog: unknown) => texts(catalog).map(([path]) => path);

    expect(paths(catalogs.en)).toEqual(paths(catalogs.es));
  });

  it.each(languages)('%s: no text is empty', (_, catalog) => {
    const empty = texts(catalog).filter(([, text]) => typeof text !== 'string' || text.trim() === '');

    expect(empty).toEqual([]);
  });

  it.each(languages)(
    '%s: a title and a description for every failed-deal status (spec §4 second reading)',
    (_, catalog) => {
      for (const reason of reasons) {
        expect(catalog.failures[reason].title, reason).not.toBe('');
        expect(catalog.failures[reason].description, reason).not.toBe('');
      }
    },
  );

  it.each(languages)(
    '%s: a text for every deal problem, sign-in error, phone problem and ApiError kind',
    (_, catalog) => {
      expect(problems.filter((code) => !catalog.problems[code])).toEqual([]);
      expect(signInErrors.filter((code) => !catalog.signInErrors[code](1))).toEqual([]);
      expect(phoneProblems.filter((code) => !catalog.phoneProblems[code])).toEqual([]);
      expect(apiErrorKinds.filter((kind) => !catalog.apiFailures[kind]('http://localhost:3000'))).toEqual([]);
    },
  );

  it('gives each failed-deal status its own words in each language', () => {
    const titles = reasons.map((reason) => [catalogs.es.failures[reason].title, catalogs.en.failures[reason].title]);

    expect(titles.filter(([spanish, english]) => spanish === english)).toEqual([]);
    expect(new Set(titles.map(([spanish]) => spanish)).size).toBe(reasons.length);
  });

  it('uses the spec §8 texts for a communication failure and a user timeout', () => {
    expect(catalogs.en.failures.communication.description).toBe(
      'The machine could not be contacted. Please come back later.',
    );
    expect(catalogs.en.failures.userTimeout.description).toBe("Did you make your selection on the machine's keyboard?");
    expect(catalogs.en.generic).toBe('An error occurred in the process, please try again.');
  });
});
