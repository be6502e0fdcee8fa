import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv';

describe('csvCell', () => {
  it('leaves plain values alone', () => {
    expect(csvCell('Olivia')).toBe('Olivia');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Portland, OR')).toBe('"Portland, OR"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps spreadsheets from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell("O'Brien")).toBe("O'Brien");
  });
});

describe('csvText', () => {
  it('joins cells and rows, with a byte-order mark', () => {
    expect(
      csvText([
        ['a', 'b'],
        ['1', null],
      ]),
    ).toBe('\uFEFFa,b\r\n1,\r\n');
  });
});
