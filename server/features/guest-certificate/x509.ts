// docs/guest-access.md#certificate-and-nas: a self-signed certificate written with Node's own crypto (the key
// pair, the signature) and a few lines of DER, and an uploaded certificate and key read and checked.
import {
  createPrivateKey,
  generateKeyPair,
  type KeyObject,
  randomBytes,
  sign,
  X509Certificate,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { CertificateError, CertificateKeyType } from '../../../core/api/guest-certificate.ts';

const generate = promisify(generateKeyPair);

// --- DER (ITU-T X.690), the little a certificate needs ----------------------------------------------------

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);
const explicit = (n: number, ...items: Buffer[]) => tlv(0xa0 | n, ...items);
const octets = (content: Buffer) => tlv(0x04, content);
const bits = (content: Buffer, unused = 0) => tlv(0x03, Buffer.from([unused]), content);
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const ia5 = (tag: number, text: string) => tlv(tag, Buffer.from(text, 'ascii'));
const NULL = Buffer.from([0x05, 0x00]);
const TRUE = Buffer.from([0x01, 0x01, 0xff]);

function integer(value: Buffer): Buffer {
  let bytes = value;
  while (bytes.length > 1 && bytes[0] === 0 && ((bytes[1] ?? 0) & 0x80) === 0) bytes = bytes.subarray(1);
  if (((bytes[0] ?? 0) & 0x80) !== 0) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const out = [first * 40 + second];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let value = part >> 7; value > 0; value >>= 7) chunk.unshift(0x80 | (value & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280, 4.1.2.5). */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050 ? ia5(0x17, `${iso.slice(2)}Z`) : ia5(0x18, `${iso}Z`);
}

const SIGNATURE = {
  rsa2048: sequence(oid('1.2.840.113549.1.1.11'), NULL), // sha256WithRSAEncryption
  ec_p256: sequence(oid('1.2.840.10045.4.3.2')), // ecdsa-with-SHA256
} as const;

const extension = (id: string, value: Buffer, critical = false) =>
  sequence(oid(id), ...(critical ? [TRUE] : []), octets(value));

/** A name that is a host name goes in the subject alternative names too, as browsers read only those. */
const isHostName = (name: string) => /^(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/.test(name);

type SelfSignedInput = { commonName: string; days: number; keyType: CertificateKeyType; now: Date };

/** A self-signed server certificate for the name, valid from now for `days`, and its key in PKCS#8 PEM. */
export async function selfSignedCertificate(
  input: SelfSignedInput,
): Promise<{ certificatePem: string; keyPem: string }> {
  const keys =
    input.keyType === 'rsa2048'
      ? await generate('rsa', { modulusLength: 2048 })
      : await generate('ec', { namedCurve: 'P-256' });
  return certificateOfKeys(keys, input);
}

/** The certificate of selfSignedCertificate for a key pair of the key type. */
export function certificateOfKeys(
  { publicKey, privateKey }: { publicKey: KeyObject; privateKey: KeyObject },
  input: SelfSignedInput,
): { certificatePem: string; keyPem: string } {
  const name = sequence(set(sequence(oid('2.5.4.3'), utf8(input.commonName))));
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01;
  // A minute back, so a clock a little behind still takes it as valid.
  const notBefore = new Date(input.now.getTime() - 60_000);
  const notAfter = new Date(input.now.getTime() + input.days * 86_400_000);
  // digitalSignature (and keyEncipherment for RSA), as a TLS server key is used.
  const keyUsage = input.keyType === 'rsa2048' ? bits(Buffer.from([0xa0]), 5) : bits(Buffer.from([0x80]), 7);
  const extensions = [
    extension('2.5.29.19', sequence(), true),
    extension('2.5.29.15', keyUsage, true),
    extension('2.5.29.37', sequence(oid('1.3.6.1.5.5.7.3.1'))),
    ...(isHostName(input.commonName) ? [extension('2.5.29.17', sequence(ia5(0x82, input.commonName)))] : []),
  ];
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    SIGNATURE[input.keyType],
    name,
    sequence(time(notBefore), time(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, sequence(...extensions)),
  );
  const certificate = sequence(tbs, SIGNATURE[input.keyType], bits(sign('sha256', tbs, privateKey)));
  const base64 =
    certificate
      .toString('base64')
      .match(/.{1,64}/g)
      ?.join('\n') ?? '';
  return {
    certificatePem: `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`,
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

// --- Reading a certificate ---------------------------------------------------------------------------------

/** What the console keeps of a certificate besides its PEM and sealed key. */
export type CertificateFacts = {
  subject: string;
  issuer: string;
  selfSigned: boolean;
  fingerprint: string;
  notBefore: Date;
  notAfter: Date;
};

/** Why an upload is refused, with the field at fault. */
export class CertificateRefused extends Error {
  readonly code: CertificateError;
  readonly field: 'certificate_pem' | 'key_pem';
  constructor(code: CertificateError, field: 'certificate_pem' | 'key_pem', message: string) {
    super(message);
    this.code = code;
    this.field = field;
  }
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+?-----END CERTIFICATE-----/g;

/** A distinguished name on one line: "CN=portal.example, O=Hotel". */
const oneLine = (name: string) =>
  name
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');

export function certificateFacts(certificate: X509Certificate): CertificateFacts {
  return {
    subject: oneLine(certificate.subject),
    issuer: oneLine(certificate.issuer),
    selfSigned: certificate.subject === certificate.issuer && certificate.verify(certificate.publicKey),
    fingerprint: certificate.fingerprint256,
    notBefore: new Date(certificate.validFrom),
    notAfter: new Date(certificate.validTo),
  };
}

/**
 * The certificate (the first of the PEM text; any others are its chain) and key checked: both PEM, the key
 * the certificate's, the certificate not expired. The certificate PEM is kept as uploaded, trimmed.
 */
export function checkUpload(
  certificatePem: string,
  keyPem: string,
  now: Date,
): { certificatePem: string; keyPem: string; facts: CertificateFacts } {
  const blocks = certificatePem.match(PEM_BLOCK) ?? [];
  const certificates: X509Certificate[] = [];
  for (const block of blocks) {
    try {
      certificates.push(new X509Certificate(block));
    } catch {
      certificates.length = 0;
      break;
    }
  }
  const [leaf] = certificates;
  if (!leaf) {
    throw new CertificateRefused('not_a_certificate', 'certificate_pem', 'This is not a PEM certificate.');
  }
  let key: KeyObject;
  try {
    if (!/-----BEGIN (RSA |EC )?PRIVATE KEY-----/.test(keyPem)) throw new Error('not PEM');
    key = createPrivateKey({ key: keyPem, format: 'pem' });
  } catch {
    throw new CertificateRefused(
      'not_a_key',
      'key_pem',
      'This is not a PEM private key (an encrypted key must be decrypted first).',
    );
  }
  if (!leaf.checkPrivateKey(key)) {
    throw new CertificateRefused('key_mismatch', 'key_pem', 'This key is not the certificate’s.');
  }
  const facts = certificateFacts(leaf);
  if (facts.notAfter.getTime() <= now.getTime()) {
    throw new CertificateRefused('expired', 'certificate_pem', 'This certificate has expired.');
  }
  return {
    certificatePem: `${blocks.join('\n')}\n`,
    keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    facts,
  };
}
