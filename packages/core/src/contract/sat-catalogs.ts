/**
 * Issue 37 point 3: the few entries of SAT's CFDI 4.0 catalogues the tax-profile form needs, kept as data.
 *
 * Source: SAT, Anexo 20 de la Resolución Miscelánea Fiscal, CFDI versión 4.0, catalogue workbook
 * "catCFDI_V_40" (c_RegimenFiscal and c_UsoCFDI sheets), as published with the 2022-01-01 start of CFDI 4.0
 * and unchanged for these keys through the 2024 revisions (which added 628–630, not kept here). SAT's
 * files cannot be fetched from here; the columns are copied as SAT lists them, not interpreted:
 * "Persona Física" / "Persona Moral" and, for c_UsoCFDI, "Régimen Fiscal Receptor".
 */

export interface TaxRegime {
  code: string;
  /** SAT's description. */
  es: string;
  en: string;
  fisica: boolean;
  moral: boolean;
}

/** c_TipoDeComprobante: Ingreso, Egreso, Traslado, Nómina, Pago. */
export type ComprobanteType = 'I' | 'E' | 'T' | 'N' | 'P';

export interface CfdiUse {
  code: string;
  es: string;
  en: string;
  fisica: boolean;
  moral: boolean;
  /** The receptor's regimes SAT allows the use for. */
  regimes: readonly string[];
  /**
   * The kinds of CFDI the use may be put on. Not a column of c_UsoCFDI: SAT's CFDI 4.0 validation rules (Anexo
   * 20's "Reglas de validación" and the Pagos 2.0 and Nómina 1.2 complements' standards) reserve CP01 for a
   * Pago and CN01 for a Nómina, which take no other use; a Traslado takes S01; the rest are for I and E.
   */
  comprobantes: readonly ComprobanteType[];
}

const regime = (code: string, es: string, en: string, fisica: boolean, moral: boolean): TaxRegime => ({
  code,
  es,
  en,
  fisica,
  moral,
});

/** c_RegimenFiscal. */
export const taxRegimes: readonly TaxRegime[] = [
  regime('601', 'General de Ley Personas Morales', 'General regime for legal entities', false, true),
  regime('603', 'Personas Morales con Fines no Lucrativos', 'Non-profit legal entities', false, true),
  regime(
    '605',
    'Sueldos y Salarios e Ingresos Asimilados a Salarios',
    'Wages and salaries and income treated as salaries',
    true,
    false,
  ),
  regime('606', 'Arrendamiento', 'Leasing', true, false),
  regime(
    '607',
    'Régimen de Enajenación o Adquisición de Bienes',
    'Regime for the sale or acquisition of goods',
    true,
    false,
  ),
  regime('608', 'Demás ingresos', 'Other income', true, false),
  regime(
    '610',
    'Residentes en el Extranjero sin Establecimiento Permanente en México',
    'Foreign residents without a permanent establishment in Mexico',
    true,
    true,
  ),
  regime(
    '611',
    'Ingresos por Dividendos (socios y accionistas)',
    'Dividend income (partners and shareholders)',
    true,
    false,
  ),
  regime(
    '612',
    'Personas Físicas con Actividades Empresariales y Profesionales',
    'Individuals with business and professional activities',
    true,
    false,
  ),
  regime('614', 'Ingresos por intereses', 'Interest income', true, false),
  regime('615', 'Régimen de los ingresos por obtención de premios', 'Regime for income from prizes', true, false),
  regime('616', 'Sin obligaciones fiscales', 'No tax obligations', true, false),
  regime(
    '620',
    'Sociedades Cooperativas de Producción que optan por diferir sus ingresos',
    'Production cooperatives that choose to defer their income',
    false,
    true,
  ),
  regime('621', 'Incorporación Fiscal', 'Tax incorporation regime', true, false),
  regime(
    '622',
    'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras',
    'Agricultural, livestock, forestry and fishing activities',
    false,
    true,
  ),
  regime('623', 'Opcional para Grupos de Sociedades', 'Optional regime for groups of companies', false, true),
  regime('624', 'Coordinados', 'Coordinated entities', false, true),
  regime(
    '625',
    'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
    'Business activities with income through technology platforms',
    true,
    false,
  ),
  regime('626', 'Régimen Simplificado de Confianza', 'Simplified trust regime (RESICO)', true, true),
];

// The "Régimen Fiscal Receptor" lists, each shared by a family of uses in SAT's sheet.
const businessRegimes = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] as const;
const returnsRegimes = ['601', '603', '606', '612', '616', '620', '621', '622', '623', '624', '625', '626'] as const;
const personalDeductionRegimes = ['605', '606', '608', '611', '612', '614', '607', '615', '625'] as const;
// SAT's own order, kept as published.
const everyRegime = '601 603 605 606 608 610 611 612 614 616 620 621 622 623 624 607 615 625 626'.split(' ');

const invoices: readonly ComprobanteType[] = ['I', 'E'];

const business = (code: string, es: string, en: string): CfdiUse => ({
  code,
  es,
  en,
  fisica: true,
  moral: true,
  regimes: businessRegimes,
  comprobantes: invoices,
});
const deduction = (code: string, es: string, en: string): CfdiUse => ({
  code,
  es,
  en,
  fisica: true,
  moral: false,
  regimes: personalDeductionRegimes,
  comprobantes: invoices,
});

/** c_UsoCFDI. */
export const cfdiUses: readonly CfdiUse[] = [
  business('G01', 'Adquisición de mercancías', 'Purchase of goods'),
  {
    code: 'G02',
    es: 'Devoluciones, descuentos o bonificaciones',
    en: 'Returns, discounts or rebates',
    fisica: true,
    moral: true,
    regimes: returnsRegimes,
    comprobantes: invoices,
  },
  business('G03', 'Gastos en general', 'General expenses'),
  business('I01', 'Construcciones', 'Construction'),
  business('I02', 'Mobiliario y equipo de oficina por inversiones', 'Office furniture and equipment (investment)'),
  business('I03', 'Equipo de transporte', 'Transport equipment'),
  business('I04', 'Equipo de computo y accesorios', 'Computer equipment and accessories'),
  business('I05', 'Dados, troqueles, moldes, matrices y herramental', 'Dies, moulds, matrices and tooling'),
  business('I06', 'Comunicaciones telefónicas', 'Telephone communications'),
  business('I07', 'Comunicaciones satelitales', 'Satellite communications'),
  business('I08', 'Otra maquinaria y equipo', 'Other machinery and equipment'),
  deduction('D01', 'Honorarios médicos, dentales y gastos hospitalarios', 'Medical, dental and hospital expenses'),
  deduction('D02', 'Gastos médicos por incapacidad o discapacidad', 'Medical expenses for incapacity or disability'),
  deduction('D03', 'Gastos funerales', 'Funeral expenses'),
  deduction('D04', 'Donativos', 'Donations'),
  deduction(
    'D05',
    'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)',
    'Real interest actually paid on mortgage loans (home)',
  ),
  deduction('D06', 'Aportaciones voluntarias al SAR', 'Voluntary contributions to the retirement savings system'),
  deduction('D07', 'Primas por seguros de gastos médicos', 'Medical expense insurance premiums'),
  deduction('D08', 'Gastos de transportación escolar obligatoria', 'Compulsory school transport expenses'),
  deduction(
    'D09',
    'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones',
    'Deposits in savings accounts, premiums based on pension plans',
  ),
  deduction('D10', 'Pagos por servicios educativos (colegiaturas)', 'Payments for educational services (tuition)'),
  {
    code: 'S01',
    es: 'Sin efectos fiscales',
    en: 'No tax effects',
    fisica: true,
    moral: true,
    regimes: everyRegime,
    comprobantes: ['I', 'E', 'T'],
  },
  { code: 'CP01', es: 'Pagos', en: 'Payments', fisica: true, moral: true, regimes: everyRegime, comprobantes: ['P'] },
  { code: 'CN01', es: 'Nómina', en: 'Payroll', fisica: true, moral: false, regimes: ['605'], comprobantes: ['N'] },
];

export const taxRegimeCodes = taxRegimes.map((entry) => entry.code);
export const cfdiUseCodes = cfdiUses.map((entry) => entry.code);
