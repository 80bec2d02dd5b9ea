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

/** Whether the file's first bytes agree with its declared type. */
export function contentMatches(type: UploadContentType, data: Buffer): boolean {
  const signature = SIGNATURES[type];
  return !signature || data.subarray(0, signature.length).equals(signature);
}

/** A file name without any folder part or control characters, cut to `max` characters. */
export function cleanFileName(name: string | undefined, max: number): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'upload').slice(0, max);
}
