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

/** The document as a PDF, laid out on this thread. */
export function makePdf(document: PdfDocument): Promise<Buffer> {
  return pdfmake.createPdf(document).getBuffer();
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
