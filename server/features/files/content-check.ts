import { UPLOAD_CONTENT_TYPES, type UploadContentType } from '../../../core/limits.ts';

/** The first bytes every file of a type starts with; types not listed carry no reliable signature. */
const SIGNATURES: Partial<Record<UploadContentType, Buffer>> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
  'application/pdf': Buffer.from('%PDF-', 'latin1'),
};

/** The declared type, lower-cased and without parameters, when the console accepts it. */
export function acceptedType(declared: string | undefined): UploadContentType | undefined {
  const type = declared?.split(';')[0]?.trim().toLowerCase();
  return UPLOAD_CONTENT_TYPES.find((allowed) => allowed === type);
}

const SVG_ROOT = /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i;
/** What makes an SVG a page rather than a picture: scripts, event handlers, embedded documents, entities. */
const ACTIVE_SVG = /<script|<foreignobject|<iframe|<embed|<object|<handler|<!entity|[\s"'/]on[a-z]+\s*=/i;
/** Links that run script, once entities are decoded and the blanks a browser skips in a URL are gone. */
const SCRIPT_LINK = /(java|vb)script:|data:text\/html/i;
const NAMED_ENTITIES: Readonly<Record<string, string>> = { colon: ':', tab: '\t', newline: '\n', sol: '/' };

/** Character references as an XML or HTML parser reads them, so `&#106;avascript&#58;` is seen for what it is. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, name: string) => {
    const code =
      name.startsWith('#x') || name.startsWith('#X')
        ? Number.parseInt(name.slice(2), 16)
        : name.startsWith('#')
          ? Number(name.slice(1))
          : Number.NaN;
    if (Number.isInteger(code)) return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Whether an SVG is a picture only: no active content, however its text is encoded. */
function isInertSvg(text: string): boolean {
  const decoded = decodeEntities(text);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside a URL
  const compact = decoded.replace(/[\s\u0000-\u001f]+/g, '');
  return !ACTIVE_SVG.test(decoded) && !SCRIPT_LINK.test(compact);
}
/** Markup a browser would render as a page, which has no business in a certificate or a binary file. */
const MARKUP = /^\uFEFF?\s*(<\?xml|<!doctype|<html|<svg|<script|<body|<!--)/i;

/**
 * Whether the file's content agrees with its declared type: the signature of PNG, JPEG and PDF; an SVG
 * root without active content; a PEM armour line; and no page markup posing as a binary file.
 */
export function contentMatches(type: UploadContentType, data: Buffer): boolean {
  const signature = SIGNATURES[type];
  if (signature) return data.subarray(0, signature.length).equals(signature);
  const head = data.subarray(0, 1024).toString('utf8');
  if (type === 'image/svg+xml') {
    const text = data.toString('utf8');
    return SVG_ROOT.test(text) && isInertSvg(text);
  }
  if (type === 'application/x-pem-file') return /^\s*-----BEGIN [A-Z0-9 ]+-----/.test(head);
  return !MARKUP.test(head);
}

/** A file name without any folder part or control characters, cut to `max` characters. */
export function cleanFileName(name: string | undefined, max: number): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'upload').slice(0, max);
}
