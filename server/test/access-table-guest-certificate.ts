// The access table's rows for AuthPort's Certificate page and History (docs/guest-access.md#certificate-and-nas,
// docs/guest-access.md#history): every call needs manage_sites; a made-up NAS or session is none (404).
import { generateKeyPairSync } from 'node:crypto';
import { certificateOfKeys } from '../features/guest-certificate/x509.ts';
import type { Call, Rule } from './access-rules.ts';
import type { RoleCloud } from './role-cloud.ts';

const manageSites: Rule = { kind: 'member', permission: 'manage_sites' };
const missing: Rule = { kind: 'member', permission: 'manage_sites', status: 404 };
const authport = (path: string) => (f: RoleCloud) => `/apiv2/cloud/${f.cloud.id}/authport${path}`;

let upload: { certificate_pem: string; key_pem: string } | undefined;
/** A certificate and its key to upload, made once. */
function tableCertificate() {
  if (!upload) {
    const made = certificateOfKeys(generateKeyPairSync('ec', { namedCurve: 'P-256' }), {
      commonName: 'table.example',
      days: 30,
      keyType: 'ec_p256',
      now: new Date(),
    });
    upload = { certificate_pem: made.certificatePem, key_pem: made.keyPem };
  }
  return upload;
}

let nasAddresses = 0;

export const GUEST_CERTIFICATE_CALLS: Call[] = [
  { method: 'GET', url: authport('/certificate'), rule: manageSites },
  {
    method: 'POST',
    url: authport('/certificate'),
    rule: manageSites,
    body: () => ({ common_name: 'table.example', days: 30, key_type: 'ec_p256' }),
  },
  { method: 'PUT', url: authport('/certificate'), rule: manageSites, body: tableCertificate },
  { method: 'GET', url: authport('/certificate/pem'), rule: manageSites },
  { method: 'GET', url: authport('/nas?limit=10'), rule: manageSites },
  {
    method: 'GET',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/authport/nas/candidates?site_id=${f.sites.assigned.id}`,
    rule: manageSites,
  },
  // Each caller allowed adds a test NAS at an address of its own.
  {
    method: 'POST',
    url: authport('/nas'),
    rule: manageSites,
    body: (f) => ({ site_id: f.sites.assigned.id, address: `127.0.2.${++nasAddresses}`, name: 'Table NAS' }),
  },
  { method: 'PATCH', url: authport('/nas/2147483647'), rule: missing, body: () => ({ coa_port: 3799 }) },
  { method: 'DELETE', url: authport('/nas/2147483647'), rule: missing },
  { method: 'GET', url: authport('/site-secrets'), rule: manageSites },
  // The other site never gets a secret: showing it is a 404 to whoever may ask.
  {
    method: 'GET',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/authport/sites/${f.sites.other.id}/secret`,
    rule: missing,
  },
  {
    method: 'PUT',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/authport/sites/${f.sites.assigned.id}/secret`,
    rule: manageSites,
    body: () => ({ secret: 'table-radius-secret' }),
  },
  {
    method: 'POST',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/authport/sites/${f.sites.assigned.id}/secret`,
    rule: manageSites,
    body: () => ({}),
  },
  { method: 'GET', url: authport('/sessions?state=active'), rule: manageSites },
  { method: 'GET', url: authport('/sessions/export'), rule: manageSites },
  {
    method: 'POST',
    url: authport('/sessions/disconnect'),
    rule: missing,
    body: () => ({ session_id: 2147483647 }),
  },
];
