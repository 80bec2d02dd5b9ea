// A report written out as a file (docs/reports.md#formats). CSV and XLSX are written row by row as the
// sections' pages come, straight to a file; a PDF holds at most PDF_ROWS_MAX rows of each section (the
// CSV and XLSX files hold them all), starts with the brand's logo and the report's charts, and is laid out
// on a worker thread.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { ReportFormat } from '../../../core/api/reports.ts';
import { csvField } from '../../../core/csv.ts';
import { makePdfInWorker } from '../../pdf/make-pdf.ts';
import type { PdfLogo } from './brand.ts';
import type { Report } from './builders.ts';
import { barChartSvg, CHART_WIDTH } from './charts.ts';
import { type Cell, XlsxWriter } from './xlsx-writer.ts';

/** Rows of a section a PDF lists; past them it says how many more the CSV or XLSX file would hold. */
export const PDF_ROWS_MAX = 500;

export const CONTENT_TYPES: Readonly<Record<ReportFormat, string>> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export type ReportHeading = {
  productName: string;
  /** The brand's logo at the top of a PDF; without one its heading is text only. */
  logo?: PdfLogo | null;
  cloudName: string;
  name: string;
  /** Lines under the title: the sites covered, the period, when it was made. */
  lines: string[];
};

/** Writes the report to the file at `path`; answers how many rows its sections held. */
export async function writeReportFile(
  report: Report,
  format: ReportFormat,
  heading: ReportHeading,
  path: string,
): Promise<{ rows: number }> {
  if (format === 'pdf') {
    const { rows, document } = await reportPdfDocument(report, heading);
    let pdf: Buffer;
    try {
      pdf = await makePdfInWorker(document);
    } catch (error) {
      // A logo pdfmake cannot draw leaves the heading text only rather than failing the report.
      if (!heading.logo) throw error;
      pdf = await makePdfInWorker(withoutLogo(document));
    }
    const out = createWriteStream(path);
    out.end(pdf);
    await once(out, 'finish');
    return { rows };
  }
  const out = createWriteStream(path);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  const sink = async (chunk: Buffer | string) => {
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
  };
  let rows = 0;
  if (format === 'csv') {
    const line = (cells: readonly Cell[]) => `${cells.map(csvField).join(',')}\r\n`;
    await sink(line([`${heading.productName}: ${report.title}`, heading.name]));
    for (const text of heading.lines) await sink(line([text]));
    for (const [label, value] of report.summary) await sink(line([label, value]));
    for (const section of report.sections) {
      await sink(`\r\n${line([section.title])}${line(section.columns)}`);
      for await (const page of section.pages()) {
        rows += page.length;
        await sink(page.map(line).join(''));
      }
    }
  } else {
    const xlsx = new XlsxWriter(sink);
    await xlsx.startSheet('Summary', [`${heading.productName}: ${report.title}`, heading.name]);
    await xlsx.addRows([...heading.lines.map((text) => [text]), [], ...report.summary]);
    for (const section of report.sections) {
      await xlsx.startSheet(section.title, section.columns);
      for await (const page of section.pages()) {
        rows += page.length;
        await xlsx.addRows(page);
      }
    }
    await xlsx.finish();
  }
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
  return { rows };
}

const cellText = (cell: Cell) => (cell === null ? '' : String(cell));

/** The largest a logo is drawn at the top of a PDF, in points. */
const LOGO_FIT: [number, number] = [160, 40];

/** The document without its logo. */
const withoutLogo = (document: Record<string, unknown>) => ({
  ...document,
  content: (document.content as { id?: string }[]).filter((node) => node.id !== 'logo'),
});

/** The PDF's pdfmake document, its sections' rows read page by page; answers how many rows they held. */
export async function reportPdfDocument(report: Report, heading: ReportHeading) {
  let rows = 0;
  const charts = await report.charts();
  const content: object[] = [
    ...(heading.logo ? [{ ...heading.logo, id: 'logo', fit: LOGO_FIT, margin: [0, 0, 0, 6] }] : []),
    { text: heading.productName, style: 'product' },
    { text: `${report.title}: ${heading.name}`, style: 'title' },
    { text: heading.cloudName, style: 'subtitle' },
    ...heading.lines.map((text) => ({ text, style: 'small' })),
    {
      table: {
        widths: ['auto', '*'],
        body: report.summary.map(([label, value]) => [label, { text: value, bold: true }]),
      },
      layout: 'noBorders',
      margin: [0, 10, 0, 4],
    },
    ...charts.map((chart) => ({ svg: barChartSvg(chart), width: CHART_WIDTH, margin: [0, 8, 0, 4] })),
  ];
  for (const section of report.sections) {
    const body: string[][] = [];
    let more = 0;
    for await (const page of section.pages()) {
      rows += page.length;
      for (const row of page) {
        if (body.length < PDF_ROWS_MAX) body.push(row.map(cellText));
        else more += 1;
      }
    }
    content.push({ text: section.title, style: 'section' });
    if (body.length === 0) {
      content.push({ text: 'Nothing in this period.', style: 'small' });
      continue;
    }
    content.push({
      table: {
        headerRows: 1,
        widths: section.columns.map((_, i) => (i === 0 ? '*' : 'auto')),
        body: [section.columns.map((text) => ({ text, style: 'head' })), ...body],
      },
      layout: 'lightHorizontalLines',
    });
    if (more > 0)
      content.push({
        text: `${more} more rows: the CSV and XLSX files of this report hold them all.`,
        style: 'small',
      });
  }
  return {
    rows,
    document: {
      info: { title: `${report.title}: ${heading.name}`, creator: heading.productName },
      pageSize: 'A4',
      pageMargins: [36, 36, 36, 40],
      content,
      defaultStyle: { font: 'Roboto', fontSize: 8, color: '#212121' },
      styles: {
        product: { fontSize: 9, color: '#616161' },
        title: { fontSize: 16, bold: true, margin: [0, 2, 0, 0] },
        subtitle: { fontSize: 11, margin: [0, 2, 0, 6] },
        section: { fontSize: 12, bold: true, margin: [0, 12, 0, 4] },
        head: { bold: true },
        small: { fontSize: 8, color: '#616161' },
      },
    },
  };
}
