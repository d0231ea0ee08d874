import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvResponse } from './csv';

describe('csv', () => {
  it('prefixes text that a spreadsheet would run as a formula with a quote', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}HYPERLINK("x")`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-3)).toBe('-3');
  });

  it('quotes cells with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(csvLine(['a', true, 'Zoë'])).toBe('a,true,Zoë\r\n');
  });

  it('streams a UTF-8 attachment with a byte-order mark, asking for batches until one is empty', async () => {
    const batches = [[['Zoë', 1]], [['Ивана', 2]], []];
    let asked = 0;
    const response = csvResponse('users.csv', ['name', 'n'], async () => batches[asked++]!);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="users.csv"');
    expect(asked).toBe(0);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\ufeffname,n\r\nZoë,1\r\nИвана,2\r\n');
    expect(asked).toBe(3);
  });
});
