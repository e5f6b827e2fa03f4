import { describe, expect, it } from 'vitest';
import { linesMatching, sourceFiles } from './source-files.ts';

/**
 * Files that may keep the wire's numbers: tests and journeys (they pin the wire), the frozen migrations,
 * and the contract's wire examples.
 */
const mayKeepLiterals = (path: string) =>
  /\.(test|spec)\.tsx?$|\.test-d\.ts$/.test(path) ||
  /(^|\/)e2e\//.test(path) ||
  /(^|\/)(migrations|examples|call-examples)\.ts$/.test(path);

/** A sale type compared, assigned or listed as a bare 2, 3 or 4 instead of by its name (SaleType). */
const bareSaleType = /sale_?[tT]ype(?:_code)?['"]?\s*(?:[=!]?==?|:|,\s*'(?:=|!=|<>|in|not in)',)\s*\[?\s*[234]\b/;

describe('sale types by name (issue 34 point 2)', () => {
  it('catches a bare sale type however it is written, and lets a name or another number through', () => {
    expect(
      [
        'if (request.saleType === 3) return 0;',
        'request: { product: null, saleType: 2, anyProduct: true }',
        '  sale_type_code: 4,',
        "if (body.sale_type_code !== 2) throw refuse('x');",
        ".where('sale_type_code', '=', 3)",
        ".where('sale_type_code', 'in', [2, 4])",
        'if (request.saleType === SaleType.sample) return 0;',
        '  sale_type_code: SaleType.sale,',
        ".where('sale_type_code', 'in', paidSaleTypes)",
        'const saleType = saleTypeFor(match.item);',
        'sale_type_code: 20,',
        '{ saleType: SaleType.service, price: 2 }',
      ].map((line) => bareSaleType.test(line)),
    ).toEqual([true, true, true, true, true, true, false, false, false, false, false, false]);
  });

  it('tells the files that may keep the wire numbers from the rest', () => {
    expect(
      [
        'apps/api/src/db/migrations.ts',
        'packages/core/src/contract/examples.ts',
        'packages/core/src/contract/call-examples.ts',
        'apps/api/src/money.test.ts',
        'apps/web/e2e/history.spec.ts',
        'apps/api/src/services/deals.ts',
        'apps/api/src/testing/shop.ts',
      ].map(mayKeepLiterals),
    ).toEqual([true, true, true, true, true, false, false]);
  });

  it('no source names a sale type by its number: each uses SaleType from the contract', () => {
    const offenders = linesMatching(
      sourceFiles().filter((path) => !mayKeepLiterals(path)),
      bareSaleType,
    );
    expect(offenders).toEqual([]);
  });
});
