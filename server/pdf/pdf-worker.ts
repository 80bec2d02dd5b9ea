// The PDF worker thread (server/pdf/make-pdf.ts): the document definition comes in as workerData, the PDF
// goes back as one message.
import { parentPort, workerData } from 'node:worker_threads';
import { makePdf, type PdfDocument } from './make-pdf.ts';

parentPort?.postMessage(await makePdf(workerData as PdfDocument));
