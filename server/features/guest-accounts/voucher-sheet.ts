// The printed sheet of a voucher batch (docs/guest-access.md#the-printed-sheet): A4 pages of 10 cards to cut
// out, each with the product name, the plan, its price label and validity, the SSID and the code large.

import { createRequire } from 'node:module';
import { dirname, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import pdfmake from 'pdfmake';

const CARDS_PER_ROW = 2;
const ROWS_PER_PAGE = 5;
export const CARDS_PER_PAGE = CARDS_PER_ROW * ROWS_PER_PAGE;
/** A4 in points, less the margins: five rows of cards fill the page. */
const MARGIN = 28;
const CARD_HEIGHT = Math.floor((841.89 - 2 * MARGIN) / ROWS_PER_PAGE) - 3;

const fontDir = resolve(dirname(createRequire(import.meta.url).resolve('pdfmake/fonts/Roboto.js')), 'Roboto');
pdfmake.setFonts({
  Roboto: {
    normal: resolve(fontDir, 'Roboto-Regular.ttf'),
    bold: resolve(fontDir, 'Roboto-Medium.ttf'),
    italics: resolve(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: resolve(fontDir, 'Roboto-MediumItalic.ttf'),
  },
});
// The sheet reads its own fonts and nothing else: no address, no other file.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => resolve(path).startsWith(fontDir + sep));

export type VoucherSheet = {
  productName: string;
  batchName: string;
  plan: { name: string; priceLabel: string; validFrom: 'first_use' | 'creation'; validityMinutes: number };
  /** The network the guest joins; null prints none. */
  ssid: string | null;
  /** The batch's own last day. */
  expiresAt: Date | null;
  shared: boolean;
  codes: readonly string[];
};

/** A duration as people say it: whole days, else whole hours, else minutes. */
export function durationText(minutes: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}

function card(sheet: VoucherSheet, code: string, validity: string) {
  return {
    stack: [
      {
        columns: [
          { text: sheet.productName, style: 'product' },
          { text: sheet.plan.priceLabel, style: 'price', alignment: 'right', width: 'auto' },
        ],
      },
      { text: sheet.plan.name, style: 'plan' },
      sheet.ssid === null ? { text: ' ', style: 'ssid' } : { text: `Wi-Fi: ${sheet.ssid}`, style: 'ssid' },
      { text: code, style: 'code' },
      { text: validity, style: 'small' },
    ],
    margin: [10, 10, 10, 6],
  };
}

/** The sheet as a PDF file. */
export function voucherSheetPdf(sheet: VoucherSheet): Promise<Buffer> {
  const validity = [
    `Valid ${durationText(sheet.plan.validityMinutes)} ${sheet.plan.validFrom === 'first_use' ? 'from first use' : 'from issue'}`,
    sheet.expiresAt ? `use by ${sheet.expiresAt.toISOString().slice(0, 10)}` : null,
    sheet.shared ? 'shared code' : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
  const pages: object[] = [];
  for (let start = 0; start < sheet.codes.length; start += CARDS_PER_PAGE) {
    const rows: object[][] = [];
    for (let row = 0; row < ROWS_PER_PAGE; row += 1) {
      const cells = Array.from({ length: CARDS_PER_ROW }, (_, column) => {
        const code = sheet.codes[start + row * CARDS_PER_ROW + column];
        return code === undefined ? { text: '' } : card(sheet, code, validity);
      });
      if (cells.every((cell) => 'text' in cell)) break;
      rows.push(cells);
    }
    pages.push({
      table: { widths: ['*', '*'], heights: CARD_HEIGHT, body: rows, dontBreakRows: true },
      layout: {
        hLineStyle: () => ({ dash: { length: 4, space: 3 } }),
        vLineStyle: () => ({ dash: { length: 4, space: 3 } }),
        hLineColor: () => '#9e9e9e',
        vLineColor: () => '#9e9e9e',
        paddingLeft: () => 0,
        paddingRight: () => 0,
        paddingTop: () => 0,
        paddingBottom: () => 0,
      },
      ...(start === 0 ? {} : { pageBreak: 'before' }),
    });
  }
  return pdfmake
    .createPdf({
      info: { title: `${sheet.batchName}: ${sheet.codes.length} vouchers`, creator: sheet.productName },
      pageSize: 'A4',
      pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
      content: pages,
      defaultStyle: { font: 'Roboto', fontSize: 9, color: '#212121' },
      styles: {
        product: { fontSize: 8, color: '#616161' },
        price: { fontSize: 11, bold: true },
        plan: { fontSize: 12, bold: true, margin: [0, 4, 0, 0] },
        ssid: { fontSize: 10, margin: [0, 4, 0, 0] },
        code: { fontSize: 22, bold: true, characterSpacing: 2, alignment: 'center', margin: [0, 10, 0, 8] },
        small: { fontSize: 8, color: '#616161' },
      },
    })
    .getBuffer();
}

/** The sheet made on a worker thread, so the server's thread stays free while pdfmake lays it out. */
export function voucherSheetPdfInWorker(sheet: VoucherSheet): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./voucher-sheet-worker.ts', import.meta.url), {
      workerData: { ...sheet, expiresAt: sheet.expiresAt?.toISOString() ?? null },
    });
    worker.once('message', (pdf: Uint8Array) =>
      resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the voucher sheet's worker stopped with code ${code}`));
    });
  });
}
