import type { Lang } from '../domain/lang.ts';
import { invoiceProblems } from './invoice-messages.ts';

/**
 * Server-side texts of spec §8 error objects, in the request's language.
 * Spanish is the default; English when the request asks for it.
 */

interface Text {
  readonly message: string;
  readonly description?: string;
}

export const problems = {
  not_found: {
    es: { message: 'No encontrado', description: 'Lo que buscas no existe o no es tuyo.' },
    en: { message: 'Not found', description: 'What you are looking for does not exist or is not yours.' },
  },
  machine_not_found: {
    es: { message: 'Máquina no encontrada', description: 'Revisa el ID de la máquina e intenta de nuevo.' },
    en: { message: 'Machine not found', description: 'Check the machine ID and try again.' },
  },
  unauthorized: {
    es: { message: 'Inicia sesión', description: 'Tu sesión no es válida o expiró.' },
    en: { message: 'Please sign in', description: 'Your session is not valid or has expired.' },
  },
  invalid_json: {
    es: { message: 'Solicitud inválida', description: 'El cuerpo de la solicitud no es JSON válido.' },
    en: { message: 'Invalid request', description: 'The request body is not valid JSON.' },
  },
  invalid_request: {
    es: { message: 'Datos inválidos' },
    en: { message: 'Invalid data' },
  },
  body_too_large: {
    es: { message: 'Solicitud demasiado grande', description: 'El cuerpo no puede pasar de 64 KB.' },
    en: { message: 'Request too large', description: 'The body may not exceed 64 KB.' },
  },
  too_many_requests: {
    es: { message: 'Demasiados intentos', description: 'Espera un momento antes de volver a intentar.' },
    en: { message: 'Too many attempts', description: 'Wait a moment before trying again.' },
  },
  code_sends_paused: {
    es: {
      message: 'Por ahora no podemos enviar códigos',
      description: 'Intenta de nuevo más tarde. Los códigos que ya te enviamos siguen sirviendo.',
    },
    en: {
      message: 'We cannot send codes right now',
      description: 'Try again later. Codes we already sent you still work.',
    },
  },
  code_wrong: {
    es: { message: 'Código incorrecto', description: 'Revisa el código que te enviamos por SMS.' },
    en: { message: 'Wrong code', description: 'Check the code we texted you.' },
  },
  code_expired: {
    es: { message: 'Código vencido', description: 'Pide un código nuevo.' },
    en: { message: 'Code expired', description: 'Ask for a new code.' },
  },
  code_killed: {
    es: { message: 'Demasiados intentos con este código', description: 'Pide un código nuevo.' },
    en: { message: 'Too many tries with this code', description: 'Ask for a new code.' },
  },
  email_in_use: {
    es: { message: 'Este correo ya está en uso', description: 'Prueba con otro correo' },
    en: { message: 'This email is already in use', description: 'Try another email' },
  },
  email_confirmation_invalid: {
    es: {
      message: 'Este enlace ya no sirve',
      description:
        'Ya se usó, o te enviamos uno más nuevo. Si tu correo no aparece confirmado, pide otro desde tu perfil.',
    },
    en: {
      message: 'This link no longer works',
      description:
        'It was already used, or we sent you a newer one. If your email is not shown as confirmed, ask for another from your profile.',
    },
  },
  email_confirmation_expired: {
    es: { message: 'Este enlace venció', description: 'Pide otro correo de confirmación desde tu perfil.' },
    en: { message: 'This link has expired', description: 'Ask for another confirmation email from your profile.' },
  },
  email_confirmation_limited: {
    es: {
      message: 'Ya te enviamos el correo de confirmación',
      description: 'Revisa tu bandeja de entrada y la de spam, o espera un poco para pedir otro.',
    },
    en: {
      message: 'We already sent you the confirmation email',
      description: 'Check your inbox and spam folder, or wait a little before asking for another.',
    },
  },
  email_not_confirmed: {
    es: {
      message: 'Confirma tu correo primero',
      description: 'Abre el enlace que te enviamos, o pide otro desde tu perfil, y te enviaremos tus recibos.',
    },
    en: {
      message: 'Confirm your email first',
      description: 'Open the link we sent you, or ask for another from your profile, and we will send your receipts.',
    },
  },
  receipt_mail_limited: {
    es: {
      message: 'Ya te enviamos este recibo',
      description: 'Revisa tu bandeja de entrada y la de spam, o espera un poco para pedirlo de nuevo.',
    },
    en: {
      message: 'We already sent you this receipt',
      description: 'Check your inbox and spam folder, or wait a little before asking again.',
    },
  },
  birth_date_invalid: {
    es: { message: 'Fecha de nacimiento inválida', description: 'Escribe una fecha real y pasada.' },
    en: { message: 'Invalid birth date', description: 'Enter a real date in the past.' },
  },
  insufficient_balance: {
    es: { message: 'Saldo insuficiente', description: 'Recarga saldo para comprar este producto.' },
    en: { message: 'Insufficient balance', description: 'Add funds to buy this product.' },
  },
  not_for_sale: {
    es: { message: 'Producto no disponible', description: 'Este producto no se vende de esta forma.' },
    en: { message: 'Product not available', description: 'This product is not sold this way.' },
  },
  not_sampleable: {
    es: { message: 'Sin muestra gratis', description: 'Esta máquina no regala muestras de este producto.' },
    en: { message: 'No free sample', description: 'This machine gives no free samples of this product.' },
  },
  any_product_not_allowed: {
    es: {
      message: 'Compra no válida',
      description: 'Elegir en el teclado de la máquina solo sirve para comprar con saldo.',
    },
    en: {
      message: 'Purchase not valid',
      description: "Choosing on the machine's keyboard is only for buying with your balance.",
    },
  },
  sample_limit_reached: {
    es: {
      message: 'Ya tomaste tu muestra gratis',
      description: 'Cada máquina regala {limit} muestra por persona al día. Vuelve mañana.',
    },
    en: {
      message: 'You already took your free sample',
      description: 'Each machine gives {limit} free sample per person a day. Come back tomorrow.',
    },
  },
  product_sold_out: {
    es: {
      message: 'Producto agotado',
      description: 'La máquina ya no tiene este producto, y la compra no se cobró: elige otro.',
    },
    en: {
      message: 'Sold out',
      description: 'The machine has no more of this product, and the purchase was not charged: choose another one.',
    },
  },
  reward_not_available: {
    es: {
      message: 'No tienes una recompensa para usar aquí',
      description: 'Esta tarjeta de sellos no tiene una recompensa disponible en esta máquina. La compra no se cobró.',
    },
    en: {
      message: 'You have no reward to use here',
      description: 'This stamp card has no reward available at this machine. The purchase was not charged.',
    },
  },
  reward_not_allowed: {
    es: {
      message: 'La recompensa no aplica a esta compra',
      description: 'Una recompensa se usa al comprar un producto; no en el teclado de la máquina ni en una muestra.',
    },
    en: {
      message: 'The reward does not apply to this purchase',
      description: 'A reward is used when buying a product, never on the machine keypad or for a sample.',
    },
  },
  machine_offline: {
    es: {
      message: 'La máquina está fuera de línea',
      description: 'No puede vender mientras esté fuera de línea. Regresa e inténtalo cuando vuelva a estar en línea.',
    },
    en: {
      message: 'The machine is offline',
      description: 'It cannot sell while it is offline. Go back and try again once it is online.',
    },
  },
  campaign_requirement: {
    es: {
      message: 'Completa el requisito de la campaña',
      description: 'Esta máquina regala productos a quien completa su perfil con un correo.',
    },
    en: {
      message: 'Complete the campaign requirement',
      description: 'This machine gives products to members who complete their profile with an email.',
    },
  },
  card_not_found: {
    es: { message: 'Tarjeta no encontrada', description: 'Elige una de tus tarjetas guardadas.' },
    en: { message: 'Card not found', description: 'Choose one of your saved cards.' },
  },
  card_declined: {
    es: { message: 'Tarjeta rechazada por fondos insuficientes', description: 'Usa otra tarjeta.' },
    en: { message: 'Card declined: insufficient funds', description: 'Use another card.' },
  },
  card_expired: {
    es: { message: 'La tarjeta está vencida', description: 'Usa una tarjeta vigente.' },
    en: { message: 'The card has expired', description: 'Use a card that is still valid.' },
  },
  card_stolen: {
    es: { message: 'Tarjeta rechazada', description: 'El banco reportó esta tarjeta. Usa otra.' },
    en: { message: 'Card declined', description: 'The bank reported this card. Use another one.' },
  },
  card_token_invalid: {
    es: { message: 'No pudimos verificar la tarjeta', description: 'Vuelve a capturar los datos de la tarjeta.' },
    en: { message: 'We could not verify the card', description: 'Enter the card details again.' },
  },
  card_invalid: {
    es: { message: 'Datos de tarjeta inválidos', description: 'Revisa el número, la fecha y el CVV.' },
    en: { message: 'Invalid card details', description: 'Check the number, expiry date and CVV.' },
  },
  provider_unauthorized: {
    es: { message: 'Llave pública inválida' },
    en: { message: 'Invalid public key' },
  },
  /** Issue 37 point 2: a SPEI deposit notice not signed with the bank's shared secret. */
  spei_signature_invalid: {
    es: { message: 'Firma inválida', description: 'El aviso no viene firmado por el banco.' },
    en: { message: 'Invalid signature', description: 'The notice is not signed by the bank.' },
  },
  amount_too_small: {
    es: { message: 'Monto mínimo {minimum}' },
    en: { message: 'Minimum amount {minimum}' },
  },
  amount_too_large: {
    es: { message: 'Monto máximo {maximum}' },
    en: { message: 'Maximum amount {maximum}' },
  },
  currency_not_accepted: {
    es: { message: 'Moneda no aceptada', description: 'Las recargas se hacen en {currency}.' },
    en: { message: 'Currency not accepted', description: 'Top-ups are made in {currency}.' },
  },
  threshold_out_of_range: {
    es: { message: 'El saldo mínimo debe estar entre {minimum} y {maximum}' },
    en: { message: 'The minimum balance must be between {minimum} and {maximum}' },
  },
  purchase_in_progress: {
    es: { message: 'Ya hay una compra en curso', description: 'Espera a que termine antes de comprar otra cosa.' },
    en: { message: 'A purchase is already in progress', description: 'Wait for it to finish before buying again.' },
  },
  forbidden_origin: {
    es: { message: 'Origen no permitido' },
    en: { message: 'Origin not allowed' },
  },
  json_required: {
    es: { message: 'El cuerpo debe ser JSON', description: 'Envía la solicitud con Content-Type: application/json.' },
    en: { message: 'The body must be JSON', description: 'Send the request with Content-Type: application/json.' },
  },
  member_exists: {
    es: { message: 'Ese número ya es de un miembro', description: 'Inicia sesión con el código por SMS.' },
    en: { message: 'That number already belongs to a member', description: 'Sign in with the texted code.' },
  },
  voucher_code_invalid: {
    es: {
      message: 'La autorización de la tarjeta de vales no es válida',
      description: 'Ya se usó o venció. Vuelve a vincular tu tarjeta.',
    },
    en: {
      message: 'The voucher card authorization is not valid',
      description: 'It was already used or has expired. Link your card again.',
    },
  },
  /** Issue 37 point 4: why a balance refund cannot be asked for. */
  nothing_to_refund: {
    es: { message: 'No hay saldo para devolver', description: 'Solo se devuelve tu propio saldo, nunca el de bonos.' },
    en: {
      message: 'There is no balance to give back',
      description: 'Only your own money goes back, never bonus credit.',
    },
  },
  below_minimum: {
    es: { message: 'El monto mínimo a devolver es {minimum}' },
    en: { message: 'The least that can be given back is {minimum}' },
  },
  above_refundable: {
    es: { message: 'Ese monto es mayor que tu saldo disponible' },
    en: { message: 'That is more than your available balance' },
  },
  monthly_count: {
    es: { message: 'Ya pediste 3 devoluciones este mes', description: 'Podrás pedir otra el próximo mes.' },
    en: { message: 'You already asked for 3 refunds this month', description: 'You can ask for another next month.' },
  },
  monthly_amount: {
    es: { message: 'Pasa del tope de $5,000.00 al mes', description: 'Pide un monto menor o espera al próximo mes.' },
    en: { message: 'It goes past the cap of $5,000.00 a month', description: 'Ask for less or wait for next month.' },
  },
  clabe_needed: {
    es: { message: 'Indica una CLABE a tu nombre', description: 'Parte de tu saldo se devuelve por SPEI.' },
    en: { message: 'Give a CLABE in your name', description: 'Part of your balance goes back by SPEI.' },
  },
  clabe_invalid: {
    es: { message: 'La CLABE no es válida', description: 'Revisa los 18 dígitos.' },
    en: { message: 'The CLABE is not valid', description: 'Check the 18 digits.' },
  },
  clabe_not_members: {
    es: { message: 'La cuenta debe estar a tu nombre', description: 'Escribe el titular como aparece en tu perfil.' },
    en: { message: 'The account must be in your name', description: 'Write the holder as your profile shows it.' },
  },
  clabe_own_vendo: {
    es: { message: 'Esa es una CLABE de Vendo', description: 'Indica una cuenta de tu banco.' },
    en: { message: 'That is a Vendo CLABE', description: 'Give an account at your bank.' },
  },
  clabe_name_changed: {
    es: {
      message: 'Tu nombre cambió hace poco',
      description: 'Podrás recibir por SPEI 7 días después de cambiar tu nombre; a tus tarjetas, ya.',
    },
    en: {
      message: 'Your name changed recently',
      description: 'You can receive by SPEI 7 days after changing your name; to your cards, now.',
    },
  },
  rfid_in_use: {
    es: { message: 'Este ID ya está vinculado', description: 'Verifica tu ID de 10 dígitos.' },
    en: { message: 'This ID is already linked', description: 'Verify your ID is 10 digits.' },
  },
  rfid_limit_reached: {
    es: { message: 'Ya tienes {maximum} tarjetas o dispositivos', description: 'Elimina uno para agregar otro.' },
    en: { message: 'You already have {maximum} cards or devices', description: 'Remove one to add another.' },
  },
  card_limit_reached: {
    es: { message: 'Ya tienes {maximum} tarjetas guardadas', description: 'Elimina una para agregar otra.' },
    en: { message: 'You already have {maximum} saved cards', description: 'Remove one to add another.' },
  },
  restock_alert_limit_reached: {
    es: {
      message: 'Ya tienes {maximum} avisos de productos',
      description: 'Cancela uno en el menú para pedir otro.',
    },
    en: {
      message: 'You already have {maximum} restock alerts',
      description: 'Cancel one in the menu to ask for another.',
    },
  },
  machine_without_rfid: {
    es: { message: 'Esta máquina no vincula tarjetas', description: 'Elige una máquina con lector RFID.' },
    en: { message: 'This machine does not link cards', description: 'Choose a machine with an RFID reader.' },
  },
  idempotency_mismatch: {
    es: { message: 'Clave de idempotencia reutilizada', description: 'Esta clave ya se usó con otra solicitud.' },
    en: { message: 'Idempotency key reused', description: 'This key was already used with another request.' },
  },
  idempotency_in_progress: {
    es: { message: 'Solicitud en curso', description: 'La misma solicitud todavía se está procesando.' },
    en: { message: 'Request in progress', description: 'The same request is still being processed.' },
  },
  internal: {
    es: { message: 'Error interno del servidor', description: 'Ocurrió un error en el proceso, intenta de nuevo.' },
    en: { message: 'Internal server error', description: 'An error occurred in the process, please try again.' },
  },
  ...invoiceProblems,
} as const satisfies Record<string, Record<Lang, Text>>;

export type ProblemCode = keyof typeof problems;

/** The request's language: English when Accept-Language prefers it, Spanish otherwise. */
export function langOf(acceptLanguage: string | undefined): Lang {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'es';
}
