import type { Texts } from './texts.ts';

/** Spanish, the default language (spec §1). */
export const es: Texts = {
  help: `vendo — Vendo en la terminal: inicia sesión, busca una máquina, compra y sigue la entrega.

Uso:
  vendo login [--phone <teléfono>]   Inicia sesión con tu teléfono y el código que llega por SMS
  vendo machines <máquina>           Muestra los productos de una máquina con sus precios
  vendo buy <máquina> <producto>     Compra con tu saldo (producto por id o nombre) y sigue la entrega
  vendo balance                      Muestra tu saldo
  vendo history                      Muestra tus compras

Opciones:
  --json          Salida para programas: un solo documento JSON en stdout
  --api <url>     Dirección de Vendo (VENDO_API; por omisión http://localhost:3000)
  --phone <tel>   El teléfono de login; sin terminal interactiva, el código se lee de stdin
  -h, --help      Muestra esta ayuda

La sesión se guarda en $XDG_CONFIG_HOME/vendo, o ~/.config/vendo (VENDO_CONFIG_DIR la cambia).
Idioma: LC_ALL, LC_MESSAGES o LANG (inglés si empieza con «en»; si no, español).
Códigos de salida: 0 bien, 1 falla, 2 uso incorrecto.`,
  usage: {
    noCommand: () => 'Falta el comando.',
    unknownCommand: (command) => `No existe el comando «${command}».`,
    missingArgument: (argument) => `Falta ${argument}.`,
    extraArgument: (argument) => `Sobra «${argument}».`,
    unknownOption: (option) => `No existe la opción ${option}.`,
    optionValue: (option) => `La opción ${option} necesita un valor.`,
    misplacedOption: (option) => `La opción ${option} solo sirve con login.`,
    badApi: (value) => `«${value}» no es una dirección http(s).`,
  },
  argumentNames: { machine: '<máquina>', product: '<producto>' },
  seeHelp: 'Escribe vendo --help para ver el uso.',

  apiFailures: {
    network: (api) => `No pudimos conectar con Vendo en ${api}. Revisa tu conexión (o --api) e intenta de nuevo.`,
    timeout: (api) => `Vendo no respondió a tiempo (${api}). Intenta de nuevo.`,
    schema: () => 'Vendo envió una respuesta que no pudimos leer. Intenta de nuevo más tarde.',
    aborted: () => 'Se canceló la solicitud.',
    http: () => 'Ocurrió un error en el proceso, por favor intenta de nuevo.',
  },
  refused: (message) => `Vendo respondió: ${message}`,
  generic: 'Ocurrió un error en el proceso, por favor intenta de nuevo.',
  notSignedIn: 'No has iniciado sesión. Escribe vendo login.',
  sessionExpired: 'Tu sesión expiró. Escribe vendo login para entrar de nuevo.',
  yes: 'Sí',
  no: 'No',
  cancelled: 'Cancelado.',

  phonePrompt: 'Tu número de teléfono (10 dígitos)',
  privacyPrompt: '¿Aceptas el aviso de privacidad?',
  privacyNotice: 'Al iniciar sesión aceptas el aviso de privacidad.',
  phoneProblems: {
    country_required: 'Elige tu código de país',
    phone_length: 'Escribe tu número de teléfono de 10 dígitos',
    privacy_required: 'Acepta el aviso de privacidad para continuar',
    phone_unreadable: 'No pudimos leer ese número: escribe 10 dígitos, con el código de país si hace falta',
  },
  codeSent: (phone) => `Te enviamos un código de 4 dígitos por SMS al ${phone}.`,
  codePrompt: 'Código de 4 dígitos',
  codeIncomplete: 'Escribe los 4 dígitos del código.',
  noCode: 'No llegó ningún código por la entrada estándar.',
  signInErrors: {
    code_wrong: () => 'Ese código no es correcto. Revisa el mensaje e intenta de nuevo.',
    code_expired: () => 'Ese código ya venció. Pide uno nuevo.',
    code_killed: () => 'Demasiados intentos con ese código. Pide uno nuevo.',
    code_sends_paused: (minutes) => `Por ahora no podemos enviar códigos. Intenta de nuevo en ${minutes} min.`,
    too_many_requests: (minutes) => `Demasiados intentos. Intenta de nuevo en ${minutes} min.`,
    unreachable: () => 'No pudimos conectar con Vendo. Revisa tu conexión e intenta de nuevo.',
    unknown: () => 'Ocurrió un error en el proceso, por favor intenta de nuevo.',
  },
  signedIn: (who) => `Sesión iniciada: ${who}.`,
  completeProfile: 'Completa tu perfil (nombre y correo) en la app para agregar métodos de pago.',
  addCard: 'Aún no tienes tarjetas: puedes agregar una en la app.',

  machineProblems: {
    machine_id_empty: 'Escribe el ID de la máquina.',
    machine_id_invalid: 'Un ID de máquina solo tiene letras, dígitos, - y _.',
  },
  machineNotFound: (name) => `Máquina no encontrada: no existe @${name}.`,
  machineOffline: (name) => `@${name} está fuera de línea en este momento.`,
  noProducts: 'Esta máquina no tiene productos por ahora.',
  free: 'Gratis',
  sampleFree: (price) => `${price} · muestra gratis`,
  soldOut: (price) => `${price} · agotado`,
  uncategorised: 'Varios',

  productNotFound: (query, machine) => `@${machine} no vende «${query}». Escribe vendo machines ${machine}.`,
  productAmbiguous: (query) => `Varios productos coinciden con «${query}»; usa el id:`,
  notForSale: (product) => `${product} no se puede comprar con saldo.`,
  offlineRefused: (machine) =>
    `La máquina @${machine} está fuera de línea y no puede vender. Intenta de nuevo cuando vuelva a estar en línea.`,
  balanceShort: (balance, price) =>
    `Tu saldo (${balance}) no alcanza para este producto (${price}). Agrega saldo en la app e intenta de nuevo.`,
  noAnswer:
    'No supimos si Vendo recibió la compra. Revisa vendo history antes de volver a comprar: tu saldo solo se cobra cuando la máquina entrega.',

  creating: 'Haciendo la compra…',
  connecting: (machine) => `Conectando con @${machine}…`,
  machineReady: (selection) =>
    selection
      ? `La máquina está lista: marca ${selection} en el teclado de la máquina.`
      : 'La máquina está lista: haz tu selección en el teclado de la máquina.',
  autoDelivery: (machine) => `@${machine} está entregando tu producto…`,
  delivered: (product) =>
    product
      ? `¡Disfruta tu compra! Toma ${product} de la bandeja de la máquina.`
      : '¡Disfruta tu compra! Toma tu producto de la bandeja de la máquina.',
  failures: {
    communication: {
      title: 'Falla de comunicación',
      description: 'No se pudo contactar a la máquina. Por favor vuelve más tarde.',
    },
    userTimeout: { title: 'Se acabó el tiempo', description: '¿Hiciste tu selección en el teclado de la máquina?' },
    notDelivered: { title: 'Producto no entregado', description: 'La máquina no entregó tu producto. No se te cobró.' },
    machineError: { title: 'Error de la máquina', description: 'La máquina reportó un error. No se te cobró.' },
    machineInUse: {
      title: 'Máquina en uso',
      description: 'Alguien más está usando la máquina. Espera un momento e intenta de nuevo.',
    },
    cancelledByUser: {
      title: 'Cancelada en la máquina',
      description: 'La compra se canceló en el teclado de la máquina. No se te cobró.',
    },
    cancelled: { title: 'Compra cancelada', description: 'La compra se canceló correctamente. No se te cobró.' },
    unknownMachineError: {
      title: 'Error desconocido de la máquina',
      description: 'La máquina reportó un error desconocido. No se te cobró.',
    },
    insufficientFunds: {
      title: 'Saldo insuficiente',
      description: 'Tu saldo no alcanza para este producto. Agrega saldo e intenta de nuevo.',
    },
    auditInProgress: {
      title: 'Auditoría en curso',
      description: 'La máquina está en auditoría. Intenta de nuevo en unos minutos.',
    },
    wrongSelection: {
      title: 'Selección equivocada',
      description: 'La selección marcada en la máquina no es este producto. No se te cobró.',
    },
    closedCredit: {
      title: 'Crédito cerrado',
      description: 'La máquina cerró el crédito antes de que eligieras. No se te cobró.',
    },
    generic: {
      title: 'La compra no se completó',
      description: 'Ocurrió un error en el proceso, por favor intenta de nuevo.',
    },
  },
  problems: {
    refused: 'Por favor intenta más tarde.',
    unreachable: 'No pudimos conectar con Vendo. Tu saldo solo se cobra cuando la máquina entrega.',
    notFound: 'Ya no encontramos esta compra. Revisa vendo history antes de volver a comprar.',
    malformed: 'Vendo envió una respuesta que no pudimos leer. Revisa vendo history antes de volver a comprar.',
    unknownStatus: 'La máquina reportó un estado que no conocemos. Revisa vendo history antes de volver a comprar.',
  },
  internalServerError: 'Error interno del servidor',
  emailDomain: (domain) => `Usa en tu perfil un correo que termine en @${domain}.`,
  campaignTitle: 'Esta máquina es parte de una campaña',
  campaignBody: 'Para comprar aquí, primero completa lo que pide la campaña.',
  campaignLink: (url) => `Mira qué pide la campaña: ${url}`,

  balance: (amount) => `Saldo: ${amount}`,
  stampCard: (name, stamps, needed, cap) =>
    `${name}: ${stamps} de ${needed} sellos; al llegar a ${needed}, tu siguiente compra es gratis (hasta ${cap}).`,
  rewardsReady: (count) =>
    Number(count) === 1
      ? 'Tienes una recompensa por usar en la app.'
      : `Tienes ${count} recompensas por usar en la app.`,
  earnsStamp: (after, needed) =>
    Number(after) >= Number(needed)
      ? 'Esta compra completa tu tarjeta de sellos: la siguiente es gratis.'
      : `Esta compra te da un sello: ${after} de ${needed}.`,
  bonusHere: (amount) => `Saldo de regalo para usar aquí: ${amount}`,
  bonusBalance: (amount) => `Saldo de regalo: ${amount}`,
  pendingTitle: 'Pagos pendientes:',
  pendingReference: (amount, reference, hours, minutes, stores) =>
    `  ${amount} · referencia ${reference} · vence en ${hours} h ${minutes} min · págala en efectivo en ${stores}`,
  expiredReference: (amount, reference) => `  ${amount} · la referencia ${reference} venció: ya no se puede pagar`,
  clabe: (clabe, bank) => `Tu CLABE para transferencias SPEI: ${clabe} (${bank})`,
  anyProduct: 'Cualquier producto',
  historyEmpty: 'Aún no tienes compras.',
  outcomes: { delivered: 'Entregado', inProgress: 'En camino', unknown: 'Estado desconocido' },
};
