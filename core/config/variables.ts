// docs/configuration.md#variables: a site names values ("{{ssid_suffix}}") that its documents' texts use;
// a device may give its own value for any of them.
import type { ConfigProblem } from './rules.ts';
import { itemIdentity, type Json } from './tree.ts';

const USE = /\{\{\s*([a-z][a-z0-9_]{0,31})\s*\}\}/g;

/**
 * The document with every variable replaced by its value (the device's over the site's), and a problem
 * for each use of a variable that has no value.
 */
export function substitute(
  document: Json,
  values: Readonly<Record<string, string>>,
): { document: Json; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const walk = (node: Json, path: string): Json => {
    if (typeof node === 'string') {
      return node.replace(USE, (use, name: string) => {
        const value = Object.hasOwn(values, name) ? values[name] : undefined;
        if (value !== undefined) return value;
        problems.push({ path, rule: 'variableMissing', params: { name } });
        return use;
      });
    }
    if (Array.isArray(node)) {
      return node.map((item, index) => walk(item, `${path}/${itemIdentity(item) ?? index}`));
    }
    if (typeof node === 'object' && node !== null) {
      return Object.fromEntries(
        Object.entries(node).map(([key, child]) => [key, walk(child, path ? `${path}/${key}` : key)]),
      );
    }
    return node;
  };
  return { document: walk(document, ''), problems };
}
