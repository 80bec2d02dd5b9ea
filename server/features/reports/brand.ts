// The name and logo a report's PDF carries at its top (docs/reports.md#formats): a vpc cloud's brand when it
// has one (docs/vpc.md), else the deployment's theme (THEME_FILE), whose logo is read where the web app
// reads it: a file of the built web app, or a data: address. Nothing is fetched; a logo that cannot be read
// leaves the heading text only.
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { cloudBrands } from '../../db/schema/cloud-brands.ts';
import { clouds } from '../../db/schema/clouds.ts';

/** The largest logo a report reads (a brand's logo is at most 512 KB, docs/vpc.md#images). */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** A logo as a pdfmake node: a PNG or JPEG as a data address, an SVG drawing as its text. */
export type PdfLogo = { image: string } | { svg: string };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The logo's bytes as a pdfmake node, told apart by their content; null for anything else. */
export function pdfLogo(bytes: Uint8Array): PdfLogo | null {
  // A bytea column may come back as a plain Uint8Array.
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length === 0 || data.length > LOGO_MAX_BYTES) return null;
  if (data.subarray(0, PNG.length).equals(PNG))
    return { image: `data:image/png;base64,${data.toString('base64')}` };
  if (data.subarray(0, JPEG.length).equals(JPEG))
    return { image: `data:image/jpeg;base64,${data.toString('base64')}` };
  const text = data.toString('utf8');
  // An SVG drawing: its root element is <svg>, after an XML declaration, comments or a doctype.
  if (/^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text))
    return { svg: text };
  return null;
}

/** The bytes of a data: address (base64 or percent-encoded); null when it is none. */
function dataAddress(address: string): Buffer | null {
  const match = /^data:[^,;]*((?:;[^,;]*)*?)(;base64)?,(.*)$/s.exec(address);
  if (!match) return null;
  try {
    return match[2]
      ? Buffer.from(match[3] ?? '', 'base64')
      : Buffer.from(decodeURIComponent(match[3] ?? ''), 'utf8');
  } catch {
    return null;
  }
}

/**
 * The theme's logo as the web app loads it: a data: address, or an address on the console (`/…`) that is a
 * file of the built web app in `webRoot`. Another site's address, a file outside the web app, a missing or
 * unreadable file, or one that is not a PNG, JPEG or SVG answers null.
 */
export async function themeLogo(logoUrl: string | null, webRoot: string): Promise<PdfLogo | null> {
  if (!logoUrl) return null;
  if (logoUrl.startsWith('data:')) {
    const data = dataAddress(logoUrl);
    return data && pdfLogo(data);
  }
  if (!logoUrl.startsWith('/') || logoUrl.startsWith('//')) return null;
  let path: string;
  try {
    path = decodeURIComponent(new URL(logoUrl, 'http://console.invalid').pathname);
  } catch {
    return null;
  }
  const root = resolve(webRoot);
  const file = resolve(root, `.${path}`);
  if (!file.startsWith(root + sep)) return null;
  try {
    const info = await stat(file);
    if (!info.isFile() || info.size > LOGO_MAX_BYTES) return null;
    return pdfLogo(await readFile(file));
  } catch {
    return null;
  }
}

export type ReportBrand = { productName: string; logo: PdfLogo | null };

/**
 * What a cloud's reports carry: a live vpc cloud's brand (its product name, and its logo if it has one,
 * as its console shows them), else the deployment theme's name and logo; the logo only `withLogo`.
 */
export async function reportBrand(
  db: Database,
  cloudId: number,
  theme: { productName: string; logoUrl: string | null; webRoot: string },
  withLogo = true,
): Promise<ReportBrand> {
  const [brand] = await db
    .select({
      productName: cloudBrands.productName,
      logoData: cloudBrands.logoData,
      planType: clouds.planType,
    })
    .from(cloudBrands)
    .innerJoin(clouds, eq(clouds.id, cloudBrands.cloudId))
    .where(and(eq(cloudBrands.cloudId, cloudId), isNull(clouds.deletedAt)));
  if (brand?.planType === 'vpc')
    return {
      productName: brand.productName,
      logo: withLogo && brand.logoData ? pdfLogo(brand.logoData) : null,
    };
  return {
    productName: theme.productName,
    logo: withLogo ? await themeLogo(theme.logoUrl, theme.webRoot) : null,
  };
}
