// docs/demo.md#guest-access: Demo Networks' certificate, self-signed, so that the RADIUS service's EAP-TTLS
// answers on a fresh `npm start` (docs/guest-access.md#eap).
import { X509Certificate } from 'node:crypto';
import type { SecretBox } from '../../features/config/seal.ts';
import { certificateFacts, selfSignedCertificate } from '../../features/guest-certificate/x509.ts';
import type { Database } from '../connect.ts';
import { guestCertificates } from '../schema/guest-access.ts';

export const DEMO_CERTIFICATE_NAME = 'radius.hotel-bayview.example';

/** The cloud's certificate: EC P-256 (made in a millisecond), valid 825 days from `now`, set by the owner. */
export async function seedGuestCertificate(
  db: Database,
  secrets: SecretBox,
  cloudId: number,
  ownerId: number,
  now: Date,
): Promise<void> {
  const made = await selfSignedCertificate({
    commonName: DEMO_CERTIFICATE_NAME,
    days: 825,
    keyType: 'ec_p256',
    now,
  });
  const facts = certificateFacts(new X509Certificate(made.certificatePem));
  await db.insert(guestCertificates).values({
    cloudId,
    certificatePem: made.certificatePem,
    keySealed: secrets.sealText(made.keyPem),
    ...facts,
    updatedBy: ownerId,
    updatedAt: now,
  });
}
