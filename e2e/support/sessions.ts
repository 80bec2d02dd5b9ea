// Sign-ins the journeys share: each demo account that no journey changes is signed in once per run (the
// sign-ins setup project), and its session cookies are stored in the run's data directory. A journey then
// opens the console with them instead of filling in the login form, which the login journeys still do.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cookie } from '@playwright/test';

/** The password of every demo account (README.md, "Demo accounts"). */
export const PASSWORD = 'demo-console';

/**
 * Demo accounts whose password and sessions no journey changes. The accounts journeys change (noc, field,
 * whose password and sessions Account Security changes) always log in through the form.
 */
export const SHARED_ACCOUNTS = [
  'owner@demo.example',
  'admin@demo.example',
  'guest@demo.example',
  'siteuser@demo.example',
  'sysadmin@demo.example',
  'trial@demo.example',
  'partner@demo.example',
] as const;

export const sessionFile = (email: string) =>
  join(process.env.E2E_DATA_DIR ?? tmpdir(), `session-${email.replace(/[^\w.-]/g, '_')}.json`);

/** A shared account's session cookies, its user id, and the cloud whose dashboard it lands on. */
export type StoredSession = { cookies: Cookie[]; userId: number; defaultCloudId: number };

/** The stored session of a shared account; null for an account that logs in through the form. */
export function storedSession(email: string): StoredSession | null {
  if (!(SHARED_ACCOUNTS as readonly string[]).includes(email)) return null;
  return JSON.parse(readFileSync(sessionFile(email), 'utf8')) as StoredSession;
}
