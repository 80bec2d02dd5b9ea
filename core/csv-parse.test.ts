import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';
import { parseCsv } from './csv-parse.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks, and any line end', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi""\nthere"\nlast,')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
      ['last', ''],
    ]);
  });

  it('reads back what the console exports', () => {
    const rows = [
      ['Name', 'Site'],
      ['Lobby, east', '"Main"'],
    ];
    expect(parseCsv(toCsv(rows[0] ?? [], rows.slice(1)))).toEqual(rows);
  });

  it('answers null for a quoted field that is never closed', () => {
    expect(parseCsv('a,"b\nc')).toBeNull();
  });
});
