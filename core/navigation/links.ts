// docs/navigation.md#navigation-drawer link rules: navigation links take placeholders filled from the current page, and never leave
// the console. docs/decisions.md: this console is one application, so every link, /v2 or not, is a client-side
// navigation; nothing here asks for a full page load.
import { isId } from '../route-definition.ts';
import { NAV_PARAM_NAMES, type NavParamName, type NavParams } from './context.ts';
import { ExternalLinkError, InvalidNavLinkError, MissingNavValueError } from './errors.ts';

// What a browser ignores or rewrites before it reads a URL: leading controls and spaces, tabs and
// newlines anywhere, backslashes read as slashes. Checked on that reading so '\\evil.example' or
// ' https://evil.example' cannot pass as local paths.
const TABS_AND_NEWLINES = /[\t\n\r]/g;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const isControlOrSpace = (character: string) => character <= ' ' || character === '\u007f';

/** Whether a browser would take the link out of the console (a scheme, or a protocol-relative //host). */
export function isExternalLink(link: string): boolean {
  let read = link.replace(TABS_AND_NEWLINES, '');
  while (read !== '' && isControlOrSpace(read.charAt(0))) read = read.slice(1);
  read = read.replaceAll('\\', '/');
  return SCHEME.test(read) || read.startsWith('//');
}

const isParamName = (name: string): name is NavParamName =>
  (NAV_PARAM_NAMES as readonly string[]).includes(name);

/**
 * Fills the :cloudId, :userId, :siteId, :deviceId and :smartNvrId placeholders of a navigation link from
 * the current page and checks that it stays in the console. Throws ExternalLinkError,
 * MissingNavValueError or InvalidNavLinkError.
 */
export function resolveNavLink(link: string, params: NavParams): string {
  if (isExternalLink(link)) throw new ExternalLinkError(link);
  if ([...link].some((c) => isControlOrSpace(c) || c === '\\')) {
    throw new InvalidNavLinkError(link, 'spaces, controls or backslashes');
  }
  if (!link.startsWith('/')) throw new InvalidNavLinkError(link, 'not an absolute path');
  const cut = link.search(/[?#]/);
  const path = cut === -1 ? link : link.slice(0, cut);
  const rest = cut === -1 ? '' : link.slice(cut);
  const filled = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      if (!isParamName(name)) throw new InvalidNavLinkError(link, `unknown placeholder ${segment}`);
      const value = params[name];
      if (value === undefined) throw new MissingNavValueError(name);
      if (!isId(value)) throw new InvalidNavLinkError(link, `${name} is not an id: ${String(value)}`);
      return String(value);
    })
    .join('/');
  return filled + rest;
}
