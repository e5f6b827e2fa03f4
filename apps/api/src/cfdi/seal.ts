import {
  createHash,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  generateKeyPairSync,
} from 'node:crypto';

/**
 * Issue 37 point 3: the emulated CSD (Certificado de Sello Digital). A real CSD is an X.509 certificate SAT
 * issues for the taxpayer's key; nothing here can issue one, so the "certificate" is a self-made value: the
 * base64 of the public key (SubjectPublicKeyInfo, DER), numbered with 20 digits taken from its SHA-256. The
 * seal itself is SAT's: RSA with SHA-256 over the cadena original, in base64. Keys come in as PEM strings so
 * the caller keeps them in its secrets store; nothing here writes or logs them.
 */

export interface Csd {
  /** NoCertificado: 20 digits. */
  number: string;
  /** Certificado: base64 of the (self-made) certificate value. */
  certificate: string;
  seal(cadena: string): string;
}

/** A new RSA key for a CSD, as PKCS#8 PEM (2048 bits, the size SAT issues). */
export function newCsdKeyPem(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

function numberOf(publicKeyDer: Buffer): string {
  const digest = BigInt(`0x${createHash('sha256').update(publicKeyDer).digest('hex')}`);
  return digest.toString().slice(0, 20).padStart(20, '0');
}

export function csdOf(privateKeyPem: string): Csd {
  const key = createPrivateKey(privateKeyPem);
  const publicKeyDer = createPublicKey(key).export({ type: 'spki', format: 'der' });
  return {
    number: numberOf(publicKeyDer),
    certificate: publicKeyDer.toString('base64'),
    seal: (cadena) => createSign('RSA-SHA256').update(cadena, 'utf8').sign(key, 'base64'),
  };
}

/** Whether a seal is the certificate holder's over that cadena, and the number is the certificate's. */
export function sealVerifies(cadena: string, seal: string, certificate: string, number?: string): boolean {
  const der = Buffer.from(certificate, 'base64');
  let publicKey: ReturnType<typeof createPublicKey>;
  try {
    publicKey = createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return false;
  }
  if (number !== undefined && number !== numberOf(der)) return false;
  return createVerify('RSA-SHA256').update(cadena, 'utf8').verify(publicKey, seal, 'base64');
}
