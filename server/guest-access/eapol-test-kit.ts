// Test helper for the RADIUS service's EAP tests: a real EAP peer, eapol_test (Debian's eapoltest package,
// wpa_supplicant's test client), signing in with EAP-TTLS and PAP inside (docs/guest-access.md#eap).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type EapolSignIn = {
  identity: string;
  password: string;
  /** The certificate (PEM) the peer trusts as the server's CA. */
  caCertPem: string;
  /** The outer identity the NAS and the console see before the tunnel; anonymous unless given. */
  anonymousIdentity?: string;
  /** The address eapol_test sends from (the NAS's), 127.0.0.1 unless given. */
  clientAddress?: string;
  /** The device's MAC (Calling-Station-Id). */
  mac?: string;
  /** Offer TLS 1.3 as well (wpa_supplicant leaves it off for EAP-TTLS unless told). */
  offerTls13?: boolean;
};

export type EapolAnswer = {
  /** eapol_test's verdict: SUCCESS on Access-Accept with EAP-Success and matching keys. */
  success: boolean;
  /** eapol_test's "MPPE keys OK" and "mismatch" counts: whether the server's MS-MPPE keys equal its own. */
  mppeKeys: { ok: number; mismatch: number };
  output: string;
};

const quoted = (text: string) => `"${text.replace(/["\\]/g, '')}"`;

/** Runs eapol_test once against the service's authentication port with the NAS's shared secret. */
export async function eapolTest(port: number, secret: string, signIn: EapolSignIn): Promise<EapolAnswer> {
  const dir = await mkdtemp(join(tmpdir(), 'eapol-'));
  try {
    const ca = join(dir, 'ca.pem');
    const conf = join(dir, 'eapol.conf');
    await writeFile(ca, signIn.caCertPem);
    await writeFile(
      conf,
      [
        'network={',
        '  key_mgmt=WPA-EAP',
        '  eap=TTLS',
        // The outer identity goes in the clear; the guest's name and password only inside the tunnel.
        `  anonymous_identity=${quoted(signIn.anonymousIdentity ?? 'anonymous')}`,
        `  identity=${quoted(signIn.identity)}`,
        `  password=${quoted(signIn.password)}`,
        `  ca_cert=${quoted(ca)}`,
        `  phase2=${quoted('auth=PAP')}`,
        ...(signIn.offerTls13 ? [`  phase1=${quoted('tls_disable_tlsv1_3=0')}`] : []),
        '}',
        '',
      ].join('\n'),
    );
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        'eapol_test',
        [
          '-c',
          conf,
          '-a',
          '127.0.0.1',
          '-p',
          String(port),
          '-s',
          secret,
          '-t',
          '10',
          '-A',
          signIn.clientAddress ?? '127.0.0.1',
          '-M',
          signIn.mac ?? '02:00:00:00:00:01',
        ],
        { timeout: 20_000, maxBuffer: 8 * 1024 * 1024 },
        (error, stdout) => {
          if (error && (error as { code?: unknown }).code === 'ENOENT') return reject(error);
          resolve(stdout);
        },
      );
    });
    const lines = output.trimEnd().split('\n');
    const mppe = /MPPE keys OK: (\d+) +mismatch: (\d+)/.exec(output);
    return {
      success: lines.at(-1) === 'SUCCESS',
      mppeKeys: { ok: Number(mppe?.[1] ?? 0), mismatch: Number(mppe?.[2] ?? 0) },
      output,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
