import type { Lang } from '../domain/lang.ts';

interface Text {
  readonly message: string;
  readonly description?: string;
}

/**
 * Issue 37 point 3: the words of the invoices' refusals, in the request's language (http/messages.ts holds
 * the rest). A tax profile's problems are answered each under its field, so their texts name no field.
 */
export const invoiceProblems = {
  top_up_not_credited: {
    es: {
      message: 'Esta recarga no se puede facturar',
      description: 'Solo se facturan recargas en pesos ya acreditadas.',
    },
    en: {
      message: 'This top-up cannot be invoiced',
      description: 'Only top-ups in pesos already credited are invoiced.',
    },
  },
  top_up_refunded: {
    es: {
      message: 'Esta recarga no se puede facturar',
      description: 'Se te devolvió dinero de esta recarga, así que ya no se factura.',
    },
    en: {
      message: 'This top-up cannot be invoiced',
      description: 'Money from this top-up was given back to you, so it is no longer invoiced.',
    },
  },
  invoice_window_closed: {
    es: {
      message: 'Ya pasó el mes para facturar esta recarga',
      description: 'Una recarga se factura dentro del mes en que la pagaste (hora de la Ciudad de México).',
    },
    en: {
      message: 'The month to invoice this top-up is over',
      description: 'A top-up is invoiced within the month you paid it (Mexico City time).',
    },
  },
  tax_profile_missing: {
    es: { message: 'Faltan tus datos fiscales', description: 'Guarda tu RFC, nombre, código postal, régimen y uso.' },
    en: { message: 'Your tax details are missing', description: 'Save your RFC, name, postal code, regime and use.' },
  },
  invoice_not_issued: {
    es: { message: 'Esta factura no se emitió', description: 'Solicítala de nuevo para obtener sus archivos.' },
    en: { message: 'This invoice was not issued', description: 'Ask for it again to get its files.' },
  },
  invoice_mail_limited: {
    es: {
      message: 'Ya te enviamos esta factura',
      description: 'Revisa tu bandeja de entrada y la de spam, o espera un poco para pedirla de nuevo.',
    },
    en: {
      message: 'We already sent you this invoice',
      description: 'Check your inbox and spam folder, or wait a little before asking again.',
    },
  },
  tax_profile_invalid: {
    es: { message: 'Revisa tus datos fiscales' },
    en: { message: 'Check your tax details' },
  },
  rfc_format: {
    es: { message: 'El RFC no tiene un formato válido' },
    en: { message: 'The RFC is not in a valid format' },
  },
  rfc_check_digit: {
    es: { message: 'El dígito verificador del RFC no coincide' },
    en: { message: "The RFC's check digit does not match" },
  },
  rfc_generic: {
    es: { message: 'Usa tu propio RFC, no uno genérico' },
    en: { message: 'Use your own RFC, not a generic one' },
  },
  name_required: {
    es: { message: 'Escribe tu nombre o razón social como aparece ante el SAT' },
    en: { message: 'Enter your name or company name as registered with SAT' },
  },
  name_too_long: {
    es: { message: 'El nombre no puede pasar de 254 caracteres' },
    en: { message: 'The name may not exceed 254 characters' },
  },
  postal_code_format: {
    es: { message: 'El código postal son 5 dígitos' },
    en: { message: 'The postal code is 5 digits' },
  },
  regime_not_for_person: {
    es: { message: 'Este régimen no corresponde al tipo de persona de tu RFC' },
    en: { message: "This regime does not fit your RFC's kind of person" },
  },
  use_not_for_regime: {
    es: { message: 'Este uso de CFDI no está permitido para tu régimen' },
    en: { message: 'This CFDI use is not allowed for your regime' },
  },
} as const satisfies Record<string, Record<Lang, Text>>;
