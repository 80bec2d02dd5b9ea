import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks, and leaves the rest alone', () => {
    expect(csvField('North AP')).toBe('North AP');
    expect(csvField('Floor 2, west')).toBe('"Floor 2, west"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-3)).toBe('-3');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const start of ['+', '-', '@']) expect(csvField(`${start}1`)).toBe(`'${start}1`);
  });

  it('writes a header and CRLF-ended lines', () => {
    expect(
      toCsv(
        ['id', 'name'],
        [
          [1, 'a'],
          [2, null],
        ],
      ),
    ).toBe('id,name\r\n1,a\r\n2,\r\n');
  });
});
