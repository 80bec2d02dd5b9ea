// A minimal streaming XLSX writer (docs/reports.md#formats): one worksheet per section, rows written as
// they come, each part of the zip compressed on the way out with a data descriptor, so a sheet of any
// length never sits in memory. Cells are numbers or inline strings; no styles, formulas or shared strings.
import { crc32, createDeflateRaw } from 'node:zlib';

export type Cell = string | number | null;

/** Where the bytes go; resolves when the sink can take more. */
export type Sink = (chunk: Buffer) => Promise<void>;

type Entry = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

const xmlText = (text: string) =>
  text
    // Characters XML 1.0 cannot hold are left out.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML cannot hold are what is removed
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** The column letters of a 0-based column index: 0 is A, 26 is AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** An Excel sheet name: at most 31 characters, none of []:*?/\ , unique in the book. */
function sheetName(title: string, taken: Set<string>): string {
  const base = title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 28) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

export class XlsxWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly sheets: string[] = [];
  private readonly taken = new Set<string>();
  private row = 0;
  private open: {
    deflate: ReturnType<typeof createDeflateRaw>;
    done: Promise<void>;
    feed: (text: string) => Promise<void>;
  } | null = null;

  private readonly sink: Sink;

  constructor(sink: Sink) {
    this.sink = sink;
  }

  private async raw(chunk: Buffer) {
    this.offset += chunk.length;
    await this.sink(chunk);
  }

  /** Starts a zip entry whose content is fed through deflate; sizes and CRC follow in its data descriptor. */
  private async startEntry(path: string) {
    const name = Buffer.from(path, 'utf8');
    const entry: Entry = { name, crc: 0, compressed: 0, size: 0, offset: this.offset };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // data descriptor follows; names are UTF-8
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(0x21, 12); // 1980-01-01
    header.writeUInt16LE(name.length, 26);
    await this.raw(Buffer.concat([header, name]));
    const deflate = createDeflateRaw({ level: 6 });
    const pending: Promise<void>[] = [];
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      pending.push(this.raw(chunk));
    });
    const done = new Promise<void>((resolve, reject) => {
      deflate.once('end', () => Promise.all(pending).then(() => resolve(), reject));
      deflate.once('error', reject);
    });
    const feed = async (text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      if (!deflate.write(bytes)) await new Promise<void>((resolve) => deflate.once('drain', resolve));
      // What deflate gave back so far is written before more is fed.
      await Promise.all(pending.splice(0));
    };
    this.open = { deflate, done, feed };
    this.entries.push(entry);
  }

  private async endEntry() {
    if (!this.open) return;
    const { deflate, done } = this.open;
    deflate.end();
    await done;
    this.open = null;
    const entry = this.entries[this.entries.length - 1];
    if (!entry) return;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.raw(descriptor);
  }

  private async file(path: string, text: string) {
    await this.startEntry(path);
    await this.open?.feed(text);
    await this.endEntry();
  }

  /** Starts a worksheet with its header row; rows follow through addRows. */
  async startSheet(title: string, header: readonly string[]) {
    await this.endSheet();
    this.sheets.push(sheetName(title, this.taken));
    this.row = 0;
    await this.startEntry(`xl/worksheets/sheet${this.sheets.length}.xml`);
    await this.open?.feed(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    );
    await this.addRows([header]);
  }

  async addRows(rows: readonly (readonly Cell[])[]) {
    let xml = '';
    for (const cells of rows) {
      this.row += 1;
      xml += `<row r="${this.row}">`;
      cells.forEach((cell, column) => {
        if (cell === null || cell === '') return;
        const ref = `${columnName(column)}${this.row}`;
        xml +=
          typeof cell === 'number' && Number.isFinite(cell)
            ? `<c r="${ref}"><v>${cell}</v></c>`
            : `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(String(cell))}</t></is></c>`;
      });
      xml += '</row>';
    }
    await this.open?.feed(xml);
  }

  private async endSheet() {
    if (!this.open) return;
    await this.open.feed('</sheetData></worksheet>');
    await this.endEntry();
  }

  /** Writes the workbook's other parts and the zip's central directory. */
  async finish() {
    await this.endSheet();
    if (this.sheets.length === 0) await this.startSheet('Report', []).then(() => this.endSheet());
    const sheets = this.sheets;
    await this.file(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('')}</Types>`,
    );
    await this.file(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    );
    await this.file(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
        .map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    );
    await this.file(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join('')}</Relationships>`,
    );
    const start = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0808, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt16LE(0, 12);
      record.writeUInt16LE(0x21, 14);
      record.writeUInt32LE(entry.crc >>> 0, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      await this.raw(Buffer.concat([record, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(end);
  }
}
