// docs/configuration.md#secrets: passphrases, keys and passwords are shown only to those with
// view_sensitive_config; everyone else reads the mask, in documents, diffs and the change log alike.
import { itemIdentity, type Json } from './tree.ts';

const SECRET_KEYS = new Set(['admin_password', 'community', 'passphrase', 'secret', 'encryption_key']);
export const SECRET_MASK = '••••••••';

/** Whether a leaf path (./tree.ts) holds a secret. */
export const isSecretPath = (path: string) => SECRET_KEYS.has(path.slice(path.lastIndexOf('/') + 1));

/** The document with `replace` applied to every secret that has a value. */
export function mapSecrets(document: Json, replace: (secret: string) => string): Json {
  if (Array.isArray(document)) return document.map((item) => mapSecrets(item, replace));
  if (typeof document !== 'object' || document === null) return document;
  return Object.fromEntries(
    Object.entries(document).map(([key, value]) => [
      key,
      SECRET_KEYS.has(key) && typeof value === 'string' ? replace(value) : mapSecrets(value, replace),
    ]),
  );
}

/** The document with every secret that has a value replaced by the mask. */
export const maskSecrets = (document: Json): Json => mapSecrets(document, () => SECRET_MASK);

/**
 * A document sent back by someone who read it masked: each secret still reading the mask keeps the
 * value `stored` has at the same place (list items matched by identity); a new value replaces it.
 */
export function keepMaskedSecrets(incoming: Json, stored: Json | undefined): Json {
  if (Array.isArray(incoming)) {
    const storedItems = Array.isArray(stored) ? stored : [];
    return incoming.map((item, index) =>
      keepMaskedSecrets(item, counterpart(item, storedItems) ?? storedItems[index]),
    );
  }
  if (typeof incoming !== 'object' || incoming === null) return incoming;
  const before = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  return Object.fromEntries(
    Object.entries(incoming).map(([key, value]) => [
      key,
      SECRET_KEYS.has(key) && value === SECRET_MASK
        ? (before[key] ?? null)
        : keepMaskedSecrets(value, before[key]),
    ]),
  );
}

function counterpart(item: Json, items: readonly Json[]): Json | undefined {
  const identity = itemIdentity(item);
  return identity === null ? undefined : items.find((one) => itemIdentity(one) === identity);
}
