// The printed sheet made on a worker thread (docs/guest-access.md#the-printed-sheet): pdfmake lays out a
// batch of 10,000 cards for seconds, which on the server's own thread would hold up every other request
// and the RADIUS service. The sheet comes in as workerData, the PDF goes back as one message.
import { parentPort, workerData } from 'node:worker_threads';
import { type VoucherSheet, voucherSheetPdf } from './voucher-sheet.ts';

const sheet = workerData as Omit<VoucherSheet, 'expiresAt'> & { expiresAt: string | null };
const pdf = await voucherSheetPdf({
  ...sheet,
  expiresAt: sheet.expiresAt ? new Date(sheet.expiresAt) : null,
});
parentPort?.postMessage(pdf);
