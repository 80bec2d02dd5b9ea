// CSV files the console exports (RFC 4180): a header line, then one line per row, CRLF line ends.

/**
 * A field as a spreadsheet reads it safely: quoted when it holds a comma, quote or line break, and with a
 * leading apostrophe when it would start a formula (a device can be named "=HYPERLINK(...)").
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
