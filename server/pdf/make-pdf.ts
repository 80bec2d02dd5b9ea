// PDF files the server makes (docs/reports.md#formats): pdfmake with its own Roboto fonts, reading no other
// file and no address, laid out on a worker thread so the server's thread stays free for requests.
import { createRequire } from 'node:module';
import { dirname, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import pdfmake from 'pdfmake';

const fontDir = resolve(dirname(createRequire(import.meta.url).resolve('pdfmake/fonts/Roboto.js')), 'Roboto');
pdfmake.setFonts({
  Roboto: {
    normal: resolve(fontDir, 'Roboto-Regular.ttf'),
    bold: resolve(fontDir, 'Roboto-Medium.ttf'),
    italics: resolve(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: resolve(fontDir, 'Roboto-MediumItalic.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => resolve(path).startsWith(fontDir + sep));

/** A pdfmake document definition: plain data (no functions), so it can cross to the worker. */
export type PdfDocument = Record<string, unknown>;

/** An image an SVG drawing names: only one it carries as a PNG or JPEG data address is drawn. */
const svgImage = (link: string) => (/^data:image\/(png|jpeg);base64,/i.test(link.trim()) ? link.trim() : '');

/**
 * The document with every SVG drawing kept to itself: an <image> in a drawing (a brand's uploaded logo)
 * that names a file or an address would otherwise be read from this machine's disk, past the file policy.
 */
function keepSvgsToThemselves(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(keepSvgsToThemselves);
  // Only plain objects are walked: bytes and other objects pass as they are.
  if (node === null || typeof node !== 'object') return node;
  const prototype = Object.getPrototypeOf(node);
  if (prototype !== Object.prototype && prototype !== null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = keepSvgsToThemselves(value);
  if (typeof copy.svg === 'string')
    copy.options = {
      ...(copy.options as object | undefined),
      imageCallback: svgImage,
      warningCallback: () => undefined,
    };
  return copy;
}

/** The document as a PDF, laid out on this thread. */
export function makePdf(document: PdfDocument): Promise<Buffer> {
  return pdfmake.createPdf(keepSvgsToThemselves(document) as PdfDocument).getBuffer();
}

/** The document as a PDF, laid out on a worker thread. */
export function makePdfInWorker(document: PdfDocument): Promise<Buffer> {
  return new Promise((resolvePdf, reject) => {
    const worker = new Worker(new URL('./pdf-worker.ts', import.meta.url), { workerData: document });
    worker.once('message', (pdf: Uint8Array) =>
      resolvePdf(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the PDF worker stopped with code ${code}`));
    });
  });
}
