import { describe, expect, it } from 'vitest';
import { cfdiUseCodes, cfdiUses, taxRegimeCodes, taxRegimes } from './sat-catalogs.ts';

describe('issue 37 point 3: the SAT catalogue entries the forms need', () => {
  it('keeps the regimes of c_RegimenFiscal the forms offer', () => {
    const wanted = '601 603 605 606 607 608 610 611 612 614 615 616 620 621 622 623 624 625 626'.split(' ');

    expect([...taxRegimeCodes].sort()).toEqual(wanted);
  });

  it('keeps G01–G03, I01–I08, D01–D10, S01, CP01 and CN01 of c_UsoCFDI', () => {
    const numbered = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => `${prefix}${String(index + 1).padStart(2, '0')}`);
    const wanted = [...numbered('G', 3), ...numbered('I', 8), ...numbered('D', 10), 'S01', 'CP01', 'CN01'];

    expect(cfdiUseCodes).toEqual(wanted);
  });

  it('names only kept regimes as a use\'s "Régimen Fiscal Receptor"', () => {
    const unknown = cfdiUses.flatMap((use) => use.regimes.filter((code) => !taxRegimeCodes.includes(code)));

    expect(unknown).toEqual([]);
  });

  it('marks every regime for at least one kind of person, with both descriptions', () => {
    const incomplete = taxRegimes.filter((regime) => !(regime.fisica || regime.moral) || !regime.es || !regime.en);

    expect(incomplete).toEqual([]);
  });
});
