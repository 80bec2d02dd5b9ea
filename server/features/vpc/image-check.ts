// A brand image's type, checked by its content as floor plans are (docs/vpc.md#images).
import { BRAND_IMAGE_TYPES, type BrandImageKind } from '../../../core/api/vpc.ts';
import { acceptedType, contentMatches } from '../files/content-check.ts';

type BrandImageType = (typeof BRAND_IMAGE_TYPES)[BrandImageKind][number];

/** An ICO file: reserved 0, type 1 (icon), at least one image in its directory. */
function isIco(data: Buffer): boolean {
  return (
    data.length >= 22 && data.readUInt16LE(0) === 0 && data.readUInt16LE(2) === 1 && data.readUInt16LE(4) > 0
  );
}

const ICO_NAMES = ['image/x-icon', 'image/vnd.microsoft.icon'];

/** The image's type when the declared type is one the kind accepts and the content agrees; else undefined. */
export function brandImageType(
  kind: BrandImageKind,
  declared: string | undefined,
  data: Buffer,
): BrandImageType | undefined {
  const name = declared?.split(';')[0]?.trim().toLowerCase() ?? '';
  const allowed: readonly BrandImageType[] = BRAND_IMAGE_TYPES[kind];
  if (ICO_NAMES.includes(name))
    return allowed.includes('image/x-icon') && isIco(data) ? 'image/x-icon' : undefined;
  const type = acceptedType(name);
  const match = allowed.find((entry) => entry === type);
  return match && match !== 'image/x-icon' && type && contentMatches(type, data) ? match : undefined;
}
