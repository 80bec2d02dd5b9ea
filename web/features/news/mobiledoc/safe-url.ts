// Which addresses a post may link to or show: post bodies come from the blog, not from the console, so
// anything that could run script (javascript:, data:, a protocol-relative host) is left out.

const LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

function absolute(value: string, protocols: ReadonlySet<string>): string | null {
  try {
    const url = new URL(value);
    return protocols.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The link target when it is http(s) or mailto, else null. */
export function safeLinkHref(value: unknown): string | null {
  return typeof value === 'string' ? absolute(value.trim(), LINK_PROTOCOLS) : null;
}

/** The image source when it is http(s) or a path on this site, else null. */
export function safeImageSrc(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const src = value.trim();
  // Browsers read '//host' and '/\host' as another host, so a same-origin path starts with one plain slash.
  if (/^\/(?![/\\])/.test(src) && !src.includes('\\')) return src;
  return absolute(src, IMAGE_PROTOCOLS);
}
